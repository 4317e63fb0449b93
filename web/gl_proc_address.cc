// The page calls WebGL 2 directly: Dear ImGui's ES3 backend links its gl* calls, and nothing looks a GL function
// up by name. Emscripten's eglGetProcAddress (which SDL2's EGL layer links) can return any WebGL function by name,
// so it pulls every one of them into the page's JavaScript (about 50 KB raw, 9 KiB gzip). This one finds none;
// SDL2 then reports GL extensions as absent, which it handles (it only asks about surfaceless contexts).
#include <EGL/egl.h>

extern "C" __eglMustCastToProperFunctionPointerType eglGetProcAddress(const char* /*procname*/) { return nullptr; }
