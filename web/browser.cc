#include "web/browser.h"

#include <emscripten.h>

#include <cstdlib>

namespace pg::web::browser {

namespace {

std::string take_js_string(char* s) {
  std::string out = s ? s : "";
  std::free(s);
  return out;
}

}  // namespace

// EM_ASM_INT returns a pointer on wasm32; the string is malloc'ed in JS.
std::string location_query() {
  return take_js_string(reinterpret_cast<char*>(EM_ASM_INT({
    const s = window.location.search || "";
    const n = lengthBytesUTF8(s) + 1;
    const p = _malloc(n);
    stringToUTF8(s, p, n);
    return p;
  })));
}

std::string page_url_without_query() {
  return take_js_string(reinterpret_cast<char*>(EM_ASM_INT({
    const s = window.location.origin + window.location.pathname;
    const n = lengthBytesUTF8(s) + 1;
    const p = _malloc(n);
    stringToUTF8(s, p, n);
    return p;
  })));
}

void download_text(const std::string& filename, const std::string& text) {
  EM_ASM(
      {
        const blob = new Blob([UTF8ToString($1)], {type : 'application/json'});
        const a = document.createElement('a');
        a.href = URL.createObjectURL(blob);
        a.download = UTF8ToString($0);
        document.body.appendChild(a);
        a.click();
        setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 0);
      },
      filename.c_str(), text.c_str());
}

void choose_trace_file() {
  EM_ASM({
    const input = document.createElement('input');
    input.type = 'file';
    input.accept = '.json,application/json';
    input.onchange = () => {
      const file = input.files[0];
      if (!file) return;
      file.text().then(text => window.playground.importTrace(text));
    };
    input.click();
  });
}

void copy_to_clipboard(const std::string& text) {
  EM_ASM(
      {
        const text = UTF8ToString($0);
        if (navigator.clipboard) navigator.clipboard.writeText(text).catch(() => {});
      },
      text.c_str());
}

void notify_first_frame() {
  EM_ASM({
    if (Module.onFirstFrame) Module.onFirstFrame();
  });
}

double device_pixel_ratio() { return EM_ASM_DOUBLE({ return window.devicePixelRatio || 1; }); }

void window_css_size(int& width, int& height) {
  width = EM_ASM_INT({ return window.innerWidth; });
  height = EM_ASM_INT({ return window.innerHeight; });
}

}  // namespace pg::web::browser
