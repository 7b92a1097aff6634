#include "runtime/cpu/GridExecutor.h"

#include "common/Error.h"

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <exception>
#include <mutex>
#include <system_error>
#include <thread>
#include <vector>

namespace wf::rt::cpu {

namespace {

constexpr size_t kDefaultStackBytes = 256 * 1024;
// Each fiber stack is two memory mappings and Linux allows about 65530 per
// process; a block whose threads all wait at a barrier holds one stack per
// thread, so the worker count is capped to keep the total well below that.
constexpr uint64_t kMaxStacksInFlight = 16384;

unsigned envUnsigned(const char *name) {
  const char *v = std::getenv(name);
  if (!v || !*v)
    return 0;
  char *end = nullptr;
  unsigned long n = std::strtoul(v, &end, 10);
  return *end == '\0' ? static_cast<unsigned>(n) : 0;
}

} // namespace

ExecutorOptions resolveOptions(ExecutorOptions options) {
  if (options.threads == 0)
    options.threads = envUnsigned("WARPFORTH_CPU_THREADS");
  if (options.threads == 0)
    options.threads = std::max(1u, std::thread::hardware_concurrency());
  if (options.stackBytes == 0)
    options.stackBytes = size_t(envUnsigned("WARPFORTH_CPU_STACK_KB")) * 1024;
  if (options.stackBytes == 0)
    options.stackBytes = kDefaultStackBytes;
  if (!hasNativeSwitch())
    options.mode = SwitchMode::Ucontext;
  return options;
}

void runGrid(const GridLaunch &launch, const ExecutorOptions &requested) {
  ExecutorOptions options = resolveOptions(requested);
  // A worker runs a whole cluster at a time (one block when the kernel
  // declares no cluster): its blocks must run together.
  const Dim3 &g = launch.grid, &c = launch.cluster;
  if (c.count() == 0 || g.x % c.x || g.y % c.y || g.z % c.z)
    throw Error("CPU executor: grid " + g.str() +
                " is not a whole number of clusters " + c.str());
  uint64_t clusters = g.count() / c.count();
  uint64_t clusterThreads = launch.block.count() * c.count();
  if (clusters == 0 || clusterThreads == 0)
    return;
  uint64_t workers = std::min<uint64_t>(options.threads, clusters);
  workers = std::min<uint64_t>(
      workers, std::max<uint64_t>(1, kMaxStacksInFlight / clusterThreads));

  std::atomic<uint64_t> next{0};
  std::atomic<bool> failed{false};
  std::exception_ptr error;
  std::mutex errorMutex;
  // A stopped launch (timeout, Ctrl-C): where each worker's threads were.
  std::string stopped;
  bool stoppedBetweenBlocks = false;

  auto work = [&] {
    try {
      BlockScheduler scheduler(launch, options.mode, options.stackBytes);
      for (;;) {
        if (failed.load(std::memory_order_relaxed))
          return;
        if (launch.stop && launch.stop->check() != LaunchStop::Reason::None) {
          std::lock_guard<std::mutex> lock(errorMutex);
          stoppedBetweenBlocks = true;
          failed = true;
          return;
        }
        uint64_t b = next.fetch_add(1, std::memory_order_relaxed);
        if (b >= clusters)
          return;
        scheduler.run(b);
      }
    } catch (const LaunchStopped &e) {
      std::lock_guard<std::mutex> lock(errorMutex);
      stopped += e.what();
      failed = true;
    } catch (...) {
      std::lock_guard<std::mutex> lock(errorMutex);
      if (!error)
        error = std::current_exception();
      failed = true;
    }
  };

  std::vector<std::thread> pool;
  pool.reserve(workers - 1);
  for (uint64_t i = 1; i < workers; ++i) {
    try {
      pool.emplace_back(work);
    } catch (const std::system_error &) {
      break; // fewer workers than asked for still finish the grid
    }
  }
  work();
  for (std::thread &t : pool)
    t.join();
  if (!stopped.empty() || stoppedBetweenBlocks) {
    LaunchStop::Reason reason = launch.stop->check();
    throw LaunchStopped(reason == LaunchStop::Reason::Interrupt
                            ? LaunchStopped::Reason::Interrupt
                            : LaunchStopped::Reason::Timeout,
                        launch.stop->text(reason) +
                            (stopped.empty()
                                 ? " between blocks (no thread was running)"
                                 : "; where the threads were:" + stopped));
  }
  if (error)
    std::rethrow_exception(error);
}

} // namespace wf::rt::cpu
