#include "runtime/cpu/StackPool.h"

#include <map>
#include <mutex>

namespace wf::rt::cpu {

namespace {
// Enough for a few workers' worth of 1024-thread blocks; every stack is two
// memory mappings and the kernel limits a process to about 65530.
constexpr size_t kMaxPooled = 4096;

struct Pool {
  std::mutex mutex;
  std::map<size_t, std::vector<std::unique_ptr<FiberStack>>> bySize;
  size_t total = 0;
};

Pool &pool() {
  static Pool *p = new Pool; // never destroyed: workers may outlive statics
  return *p;
}
} // namespace

std::unique_ptr<FiberStack> takeStack(size_t bytes) {
  Pool &p = pool();
  {
    std::lock_guard<std::mutex> lock(p.mutex);
    auto it = p.bySize.find(bytes);
    if (it != p.bySize.end() && !it->second.empty()) {
      std::unique_ptr<FiberStack> s = std::move(it->second.back());
      it->second.pop_back();
      --p.total;
      return s;
    }
  }
  return std::make_unique<FiberStack>(bytes);
}

void returnStacks(std::vector<std::unique_ptr<FiberStack>> &stacks) {
  Pool &p = pool();
  {
    std::lock_guard<std::mutex> lock(p.mutex);
    while (!stacks.empty() && p.total < kMaxPooled) {
      // Keyed by the size asked for, which FiberStack rounds up to pages.
      std::unique_ptr<FiberStack> s = std::move(stacks.back());
      stacks.pop_back();
      p.bySize[s->requested()].push_back(std::move(s));
      ++p.total;
    }
  }
  stacks.clear(); // the rest are unmapped outside the lock
}

} // namespace wf::rt::cpu
