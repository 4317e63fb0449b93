// Replacement global allocation functions that count the calls of operator
// new. In their own file: GCC, seeing malloc() inline next to library code,
// would warn about mismatched new/delete. Delete is replaced too, so that
// AddressSanitizer sees malloc paired with free.
#include <atomic>
#include <cstdlib>
#include <new>

namespace {
std::atomic<long> g_allocations{0};
}  // namespace

long allocations_so_far() { return g_allocations.load(); }

void* operator new(std::size_t size) {
  ++g_allocations;
  if (void* p = std::malloc(size ? size : 1)) return p;
  throw std::bad_alloc();
}
void* operator new[](std::size_t size) { return operator new(size); }
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
