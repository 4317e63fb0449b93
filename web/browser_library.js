// JavaScript functions the page's C++ calls (see browser.h), linked with
// --js-library. Kept here rather than in EM_ASM blocks so that C++ tools
// (clang-format) never touch JavaScript.
mergeInto(LibraryManager.library, {
  // The page asks for neither fullscreen nor pointer lock (the browser's own fullscreen works as for any page),
  // and never sleeps (no Asyncify), but SDL links Emscripten's support for all three: these stand in for it,
  // so that none of it is in the first download. They report success to SDL's registrations and "not
  // supported" to its requests.
  emscripten_set_fullscreenchange_callback_on_thread: function () { return 0; },
  emscripten_set_pointerlockchange_callback_on_thread: function () { return 0; },
  emscripten_request_fullscreen_strategy: function () { return -1; },
  emscripten_exit_fullscreen: function () { return -1; },
  emscripten_request_pointerlock: function () { return -1; },
  emscripten_exit_pointerlock: function () { return -1; },
  emscripten_sleep: function () { throw new Error('emscripten_sleep: the page is not built with Asyncify'); },
  // Strings for the engine are copied into the heap by the page's one helper (Module.pgStringToHeap, web/page/main.mjs, which
  // also enforces the page's size limit); the engine frees them.
  // The query this module starts from: the page's URL, or the one the page gives a module it switches to (web/page/modules.mjs).
  pg_js_location_query: function () {
    return Module.pgStringToHeap(Module.pgQuery !== undefined ? Module.pgQuery : (window.location.search || ''));
  },
  pg_js_page_url: function () {
    return Module.pgStringToHeap(window.location.origin + window.location.pathname);
  },
  pg_js_download: function (filename, text) {
    const blob = new Blob([UTF8ToString(text)], { type: 'application/json' });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = UTF8ToString(filename);
    document.body.appendChild(a);
    a.click();
    setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 0);
  },
  pg_js_choose_file: function (kind) {
    const what = UTF8ToString(kind);
    const input = document.createElement('input');
    input.type = 'file';
    // A network file may have any name (policy files: .policy, .rlpg); a Zuma table and a trace are JSON.
    if (!what.startsWith('network:')) input.accept = what === 'policy' ? '.json,.rlpg,application/json' : '.json,application/json';
    // The page (web/page/api.mjs: openFile) checks the file's size before reading it, then imports it like the JavaScript API does.
    input.onchange = () => { if (input.files[0]) Module.pgOpenFile(what, input.files[0]); };
    input.click();
  },
  // The page (web/page/links.mjs) copies it, or shows it selected when the browser refuses the clipboard, and says which.
  pg_js_copy_to_clipboard: function (text) {
    if (Module.pgCopyText) Module.pgCopyText(UTF8ToString(text));
  },
  pg_js_publish_event: function (kind, detail) {
    if (Module.pgEvent) Module.pgEvent(UTF8ToString(kind), UTF8ToString(detail));
  },
  pg_js_request_policy: function (path) {
    if (Module.pgRequestPolicy) Module.pgRequestPolicy(UTF8ToString(path));
  },
  pg_js_open_game: function (game, options) {
    if (Module.pgOpenGame) Module.pgOpenGame(UTF8ToString(game), UTF8ToString(options));
  },
  // Asks the worker a question, once: the reply if the page has it (a heap pointer the engine frees), else 0
  // and the page pushes the reply later through pg_worker_reply (web/page/worker.mjs).
  pg_js_worker_ask: function (id, request) {
    const reply = Module.pgWorkerAsk ? Module.pgWorkerAsk(id, UTF8ToString(request)) : null;
    return reply === null ? 0 : Module.pgStringToHeap(reply);
  },
  pg_js_cancel_thinking: function () {
    if (Module.pgCancelThinking) Module.pgCancelThinking();
  },
  pg_js_first_frame: function () {
    if (Module.onFirstFrame) Module.onFirstFrame();
  },
  // The reader's preferences (web/page/look.mjs keeps them: Module.pgPreference, Module.pgSetPreference).
  pg_js_preference: function (name) {
    return Module.pgStringToHeap(Module.pgPreference ? Module.pgPreference(UTF8ToString(name)) : '');
  },
  pg_js_set_preference: function (name, value) {
    if (Module.pgSetPreference) Module.pgSetPreference(UTF8ToString(name), UTF8ToString(value));
  },
  pg_js_text_input: function (active) {
    if (Module.pgTextInput) Module.pgTextInput(!!active);
  },
  pg_js_device_pixel_ratio: function () { return window.devicePixelRatio || 1; },
  pg_js_window_width: function () { return window.innerWidth - Module.pgReserve[0]; },
  pg_js_window_height: function () { return window.innerHeight - Module.pgReserve[1]; },
});
