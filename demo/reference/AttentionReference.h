//===- AttentionReference.h - Causal attention in plain double C++ --------===//
//
// The reference every attention kernel is checked against: straightforward
// loops in double precision, no tricks.
//
//===----------------------------------------------------------------------===//
#ifndef WARPFORTH_DEMO_REFERENCE_ATTENTIONREFERENCE_H
#define WARPFORTH_DEMO_REFERENCE_ATTENTIONREFERENCE_H

#include <cstddef>
#include <vector>

namespace wf::demo {

/// O = softmax(Q K^T / sqrt(headDim), causal) V for one head; all matrices
/// row-major seqLen x headDim. With `causal` false, no mask. `lse`, when
/// given, gets each row's natural-log log-sum-exp of its scaled scores.
void attentionReference(const double *q, const double *k, const double *v,
                        double *o, size_t seqLen, size_t headDim,
                        bool causal = true, double *lse = nullptr);

/// max |a - b| / max(max |b|, tiny): the error relative to the output scale.
double relativeMaxError(const std::vector<double> &a,
                        const std::vector<double> &b);

} // namespace wf::demo

#endif
