//===- AttentionReference.cpp ---------------------------------------------===//
#include "demo/reference/AttentionReference.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace wf::demo {

void attentionReference(const double *q, const double *k, const double *v,
                        double *o, size_t seqLen, size_t headDim, bool causal,
                        double *lse) {
  const double scale = 1.0 / std::sqrt(static_cast<double>(headDim));
  std::vector<double> p(seqLen);
  for (size_t row = 0; row < seqLen; ++row) {
    size_t visible = causal ? row + 1 : seqLen;
    double rowMax = -std::numeric_limits<double>::infinity();
    for (size_t j = 0; j < visible; ++j) {
      double s = 0;
      for (size_t d = 0; d < headDim; ++d)
        s += q[row * headDim + d] * k[j * headDim + d];
      p[j] = s * scale;
      rowMax = std::max(rowMax, p[j]);
    }
    double sum = 0;
    for (size_t j = 0; j < visible; ++j) {
      p[j] = std::exp(p[j] - rowMax);
      sum += p[j];
    }
    if (lse)
      lse[row] = rowMax + std::log(sum);
    for (size_t d = 0; d < headDim; ++d) {
      double acc = 0;
      for (size_t j = 0; j < visible; ++j)
        acc += p[j] * v[j * headDim + d];
      o[row * headDim + d] = acc / sum;
    }
  }
}

double relativeMaxError(const std::vector<double> &a,
                        const std::vector<double> &b) {
  double scale = 1e-300, err = 0;
  for (size_t i = 0; i < b.size(); ++i) {
    scale = std::max(scale, std::fabs(b[i]));
    double d = std::fabs(a[i] - b[i]);
    err = std::isnan(d) ? std::numeric_limits<double>::infinity()
                        : std::max(err, d);
  }
  return err / scale;
}

} // namespace wf::demo
