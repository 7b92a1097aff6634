//===- Output.h - What warpforth-run prints -------------------------------===//
//
// The formats of results: the public runner's one-line list
// (--output-count), a readable form for people (--print) and the benchmark
// summary (--bench).
//
//===----------------------------------------------------------------------===//
#ifndef WARPFORTH_TOOLS_WARPFORTH_RUN_OUTPUT_H
#define WARPFORTH_TOOLS_WARPFORTH_RUN_OUTPUT_H

#include "common/KernelSignature.h"
#include "runtime/args/HostArray.h"

#include <string>
#include <vector>

namespace wf::run {

/// A param given as its index ("2") or its name ("C"); throws rt::Error
/// naming the option `what` when there is no such param.
size_t resolveParam(const rt::KernelSignature &sig, const std::string &ref,
                    const std::string &what);

/// "C (i64[6]) = [12, 6, 9, 28, 14, 29]"; arrays longer than 2 * `edge`
/// show their first and last `edge` elements around "...".
std::string formatReadable(const std::string &name, const rt::HostArray &array,
                           size_t edge = 8);

struct BenchStats {
  double median = 0, min = 0, max = 0;
};

/// Summary of per-launch times (microseconds); `samples` must not be empty.
BenchStats summarize(std::vector<double> samples);

/// "bench: kernel 'main', 100 runs: median 12.3 us, min 11.9 us, max 20.1 us"
std::string formatBench(const std::string &kernel, size_t runs,
                        const BenchStats &stats);

} // namespace wf::run

#endif
