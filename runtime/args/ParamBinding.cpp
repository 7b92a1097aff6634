#include "runtime/args/ParamBinding.h"

#include "common/Error.h"
#include "runtime/LaunchCheck.h"
#include "runtime/args/Npy.h"

#include <algorithm>
#include <cmath>

namespace wf::rt {

namespace {

std::string paramNames(const KernelSignature &sig) {
  std::string s;
  for (const ParamDecl &p : sig.params)
    s += (s.empty() ? "" : ", ") + p.name;
  return s;
}

// splitmix64: tiny, and the same numbers on every platform (unlike the
// standard distributions).
uint64_t nextRandom(uint64_t &state) {
  uint64_t z = (state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

class Binder {
public:
  Binder(const KernelSignature &sig, const std::vector<ParamSpec> &specs)
      : sig(sig), specs(specs), byParam(sig.params.size(), nullptr),
        bound(sig.params.size()) {}

  std::vector<BoundParam> run() {
    assign();
    // Scalars first: array sizes may name them.
    for (size_t i = 0; i < sig.params.size(); ++i)
      if (!sig.params[i].isArray)
        bindScalar(i);
    for (size_t i = 0; i < sig.params.size(); ++i)
      if (sig.params[i].isArray)
        bindArray(i);
    return std::move(bound);
  }

private:
  const KernelSignature &sig;
  const std::vector<ParamSpec> &specs;
  std::vector<const ParamSpec *> byParam;
  std::vector<BoundParam> bound;

  [[noreturn]] void fail(size_t i, const std::string &why) const {
    throw Error("kernel '" + sig.kernel + "': param '" + sig.params[i].name +
                "': " + why);
  }

  void assign() {
    size_t positional = 0;
    for (const ParamSpec &s : specs) {
      size_t i;
      if (s.name.empty()) {
        i = positional++;
        if (i >= sig.params.size())
          throw Error("kernel '" + sig.kernel + "' takes " +
                      std::to_string(sig.params.size()) + " params (" +
                      paramNames(sig) + "); got more --param values");
      } else {
        int j = sig.paramIndex(s.name);
        if (j < 0)
          throw Error("kernel '" + sig.kernel + "' has no param '" + s.name +
                      "' (params: " + paramNames(sig) + ")");
        i = static_cast<size_t>(j);
      }
      if (byParam[i])
        fail(i,
             "given twice ('" + byParam[i]->text + "' and '" + s.text + "')");
      byParam[i] = &s;
    }
    for (size_t i = 0; i < sig.params.size(); ++i)
      if (!byParam[i])
        throw Error("kernel '" + sig.kernel + "': param '" +
                    sig.params[i].name + "' has no value (the kernel takes " +
                    std::to_string(sig.params.size()) +
                    " params: " + paramNames(sig) + "; pass --param " +
                    sig.params[i].name + "=...)");
  }

  void checkStatedType(size_t i, ElemType stated) const {
    if (stated != sig.params[i].type)
      fail(i, std::string("argument is ") + elemTypeName(stated) +
                  ", signature says " + elemTypeName(sig.params[i].type));
  }

  void bindScalar(size_t i) {
    const ParamDecl &p = sig.params[i];
    const ParamSpec &s = *byParam[i];
    BoundParam &b = bound[i];
    b.source = s.text;
    if (s.statedArray)
      fail(i, std::string("is a scalar ") + elemTypeName(p.type) +
                  "; got an array ('" + s.text + "')");
    if (s.values.size() != 1)
      fail(i, "a scalar takes one value; got " +
                  std::to_string(s.values.size()) + " ('" + s.text + "')");
    if (s.type)
      checkStatedType(i, *s.type);
    const Number &n = s.values[0];
    if (!isFloat(p.type) && !n.isInt)
      fail(i, std::string("is ") + elemTypeName(p.type) + "; '" + n.text +
                  "' is not an integer");
    b.scalar = n;
    b.statedType = s.type;
  }

  // The scalar arguments bound so far, as launch arguments, so the
  // signature's size expressions can be evaluated as a launch would.
  std::vector<Arg> scalarArgs() const {
    std::vector<Arg> args(sig.params.size(), Arg::buf(Buffer{}));
    for (size_t j = 0; j < sig.params.size(); ++j)
      if (!sig.params[j].isArray)
        args[j] = scalarArg(bound[j]);
    return args;
  }

  void bindArray(size_t i) {
    const ParamDecl &p = sig.params[i];
    const ParamSpec &s = *byParam[i];
    BoundParam &b = bound[i];
    b.isArray = true;
    b.source = s.text;
    if (s.statedScalar)
      fail(i, std::string("is an array of ") + elemTypeName(p.type) +
                  "; got the scalar '" + s.text + "'");
    if (s.type)
      checkStatedType(i, *s.type);
    b.statedType = p.type;

    std::optional<int64_t> declared = declaredCount(sig, i, scalarArgs());
    if (declared && *declared < 0)
      fail(i, "size " + p.size + " = " + std::to_string(*declared) +
                  " is negative");
    if (s.fill == ParamSpec::Fill::File) {
      b.array = loadFile(i, s.file);
    } else {
      std::optional<size_t> count;
      if (s.count)
        count = static_cast<size_t>(*s.count);
      if (s.fill == ParamSpec::Fill::Values)
        count = std::max(count.value_or(0), s.values.size());
      if (declared)
        count = std::max<size_t>(count.value_or(0), *declared);
      if (!count)
        fail(i, "has no declared size; give a count, e.g. " + p.name +
                    "=zeros(1024)");
      b.array = makeArray(i, *count);
      fill(i, s, b.array);
    }
    if (declared && b.array.count() < static_cast<size_t>(*declared))
      sized(i, [&] { b.array.resize(static_cast<size_t>(*declared)); });
  }

  // Runs `make`, naming the param in a size error (a count too large for
  // memory, from N=2^61 or iota(2^61)).
  template <typename F> void sized(size_t i, F make) const {
    try {
      make();
    } catch (const Error &e) {
      fail(i, e.what());
    }
  }

  HostArray makeArray(size_t i, size_t count) const {
    HostArray a;
    sized(i, [&] { a = HostArray(sig.params[i].type, count); });
    return a;
  }

  HostArray loadFile(size_t i, const std::string &path) {
    ElemType want = sig.params[i].type;
    NpyArray npy;
    sized(i, [&] { npy = readNpy(path); });
    ElemType have = npy.array.type();
    if (have == want)
      return std::move(npy.array);
    // numpy has no bf16: a float32 file feeds a bf16 param, rounded.
    if (want == ElemType::BF16 && have == ElemType::F32) {
      HostArray out(want, npy.array.count());
      for (size_t k = 0; k < out.count(); ++k)
        out.setDouble(k, npy.array.getDouble(k));
      return out;
    }
    fail(i, path + " holds " + npyDtypeName(npy.descr) + ", signature says " +
                elemTypeName(want));
  }

  void fill(size_t i, const ParamSpec &s, HostArray &a) const {
    bool floats = isFloat(a.type());
    switch (s.fill) {
    case ParamSpec::Fill::Values:
      for (size_t k = 0; k < s.values.size(); ++k) {
        const Number &n = s.values[k];
        if (n.isInt)
          a.setInt(k, n.i);
        else if (floats)
          a.setDouble(k, n.f);
        else
          fail(i, std::string("is an array of ") + elemTypeName(a.type()) +
                      "; '" + n.text + "' is not an integer");
      }
      break;
    case ParamSpec::Fill::Zeros:
    case ParamSpec::Fill::File:
      break;
    case ParamSpec::Fill::Ones:
      for (size_t k = 0; k < a.count(); ++k)
        a.setInt(k, 1);
      break;
    case ParamSpec::Fill::Iota:
      for (size_t k = 0; k < a.count(); ++k)
        a.setInt(k, static_cast<int64_t>(k));
      break;
    case ParamSpec::Fill::Random: {
      double lo = s.lo.value_or(0), hi = s.hi.value_or(floats ? 1 : 100);
      uint64_t state = s.seed;
      for (size_t k = 0; k < a.count(); ++k) {
        double u = static_cast<double>(nextRandom(state) >> 11) * 0x1.0p-53;
        double v = lo + u * (hi - lo);
        if (floats)
          a.setDouble(k, v);
        else
          a.setInt(k, static_cast<int64_t>(std::floor(v)));
      }
      break;
    }
    }
  }
};

} // namespace

std::vector<BoundParam> bindParams(const KernelSignature &sig,
                                   const std::vector<ParamSpec> &specs) {
  return Binder(sig, specs).run();
}

Arg scalarArg(const BoundParam &bound) {
  return bound.scalar.isInt ? Arg::integer(bound.scalar.i, bound.statedType)
                            : Arg::real(bound.scalar.f, bound.statedType);
}

} // namespace wf::rt
