#include "tools/warpforth-run/Output.h"

#include "common/Error.h"

#include <algorithm>
#include <cctype>
#include <cstdio>

namespace wf::run {

size_t resolveParam(const rt::KernelSignature &sig, const std::string &ref,
                    const std::string &what) {
  bool numeric =
      !ref.empty() && std::all_of(ref.begin(), ref.end(), [](char c) {
        return std::isdigit(static_cast<unsigned char>(c));
      });
  if (numeric) {
    unsigned long long i = std::strtoull(ref.c_str(), nullptr, 10);
    if (i >= sig.params.size())
      throw rt::Error(what + " " + ref + ": kernel '" + sig.kernel + "' has " +
                      std::to_string(sig.params.size()) +
                      " params (indices from 0)");
    return static_cast<size_t>(i);
  }
  int i = sig.paramIndex(ref);
  if (i < 0)
    throw rt::Error(what + " " + ref + ": kernel '" + sig.kernel +
                    "' has no param '" + ref + "'");
  return static_cast<size_t>(i);
}

std::string formatReadable(const std::string &name, const rt::HostArray &array,
                           size_t edge) {
  std::string out = name + " (" + rt::elemTypeName(array.type()) + "[" +
                    std::to_string(array.count()) + "]) = [";
  size_t n = array.count();
  for (size_t i = 0; i < n; ++i) {
    if (n > 2 * edge && i == edge) {
      out += ", ...";
      i = n - edge - 1;
      continue;
    }
    if (i)
      out += ", ";
    out += rt::formatElement(array, i);
  }
  return out + "]";
}

BenchStats summarize(std::vector<double> samples) {
  std::sort(samples.begin(), samples.end());
  size_t n = samples.size();
  BenchStats s;
  s.min = samples.front();
  s.max = samples.back();
  s.median = n % 2 ? samples[n / 2] : (samples[n / 2 - 1] + samples[n / 2]) / 2;
  return s;
}

std::string formatBench(const std::string &kernel, size_t runs,
                        const BenchStats &stats) {
  char buf[256];
  std::snprintf(buf, sizeof buf,
                "bench: kernel '%s', %zu runs: median %.1f us, min %.1f us, "
                "max %.1f us",
                kernel.c_str(), runs, stats.median, stats.min, stats.max);
  return buf;
}

} // namespace wf::run
