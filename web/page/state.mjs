// The page's shared state: the running game's module and the switch to another game's under way. Every part
// of the page that calls the engine reads the module from here.
export const page = {
  module: null,  // the running module (window.Module, for tests and the console)
  game: null,    // the game of the running module
  switching: Promise.resolve(),  // resolves when the module being started shows its first frame
  textsReady: null,  // resolves (true, or false if they failed) once the running module has the help texts
  reserve: [0, 0],   // CSS pixels the board leaves on the right and at the bottom (a lesson's panel)
};

// The engine's "opened": the moment a link (the URL, or openMoment's) asked for is on screen.
const openedWaiters = [];
export const nextOpened = () => new Promise((resolve) => { openedWaiters.push(resolve); });
export const momentOpened = () => openedWaiters.splice(0).forEach((resolve) => resolve());

// Whether the running module's functions may be called: from its runtime's start until another replaces it.
// (Called before, Emscripten's checks abort the module; a fetch that ends while a game's module starts, or a
// policy file's progress, must not reach it.)
export const running = () => page.module !== null && page.module.pgRunning === true;
