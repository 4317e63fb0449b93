// The page takes no gamepad: ImGui's gamepad navigation (ImGuiConfigFlags_NavEnableGamepad) is never turned on,
// and SDL is built without joysticks (scripts/setup.sh). ImGui's SDL backend still names SDL's game controller
// functions, for the gamepad it reads when that flag is on; these definitions answer for them (no controller),
// so that the linker leaves out SDL's game controller code and its mapping strings from the first download.
#include <SDL.h>

extern "C" {

SDL_GameController* SDL_GameControllerOpen(int) { return nullptr; }
Uint8 SDL_GameControllerGetButton(SDL_GameController*, SDL_GameControllerButton) { return 0; }
Sint16 SDL_GameControllerGetAxis(SDL_GameController*, SDL_GameControllerAxis) { return 0; }

}  // extern "C"
