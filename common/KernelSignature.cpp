#include "common/KernelSignature.h"

#include "common/Error.h"
#include "common/SizeExpr.h"

#include <cerrno>
#include <cstdlib>
#include <set>
#include <sstream>

namespace wf::rt {

int KernelSignature::paramIndex(const std::string &name) const {
  for (size_t i = 0; i < params.size(); ++i)
    if (params[i].name == name)
      return static_cast<int>(i);
  return -1;
}

std::shared_ptr<const SignatureSizes> KernelSignature::sizePrograms() const {
  if (sizes)
    return sizes;
  // A name is an integer scalar param's value or a constant; an array or
  // float param's name has no value.
  NameResolver resolve = [this](const std::string &name) {
    int j = paramIndex(name);
    if (j >= 0) {
      const ParamDecl &p = params[j];
      if (p.isArray || isFloat(p.type))
        return SizeName{};
      return SizeName{SizeName::Param, j};
    }
    auto c = consts.find(name);
    if (c != consts.end())
      return SizeName{SizeName::Const, c->second};
    return SizeName{};
  };
  auto out = std::make_shared<SignatureSizes>();
  out->counts.resize(params.size());
  out->dims.resize(params.size());
  out->strides.resize(params.size());
  for (size_t i = 0; i < params.size(); ++i) {
    const ParamDecl &p = params[i];
    if (p.isArray && !p.size.empty())
      out->counts[i].emplace(p.size, resolve);
    if (p.tmap) {
      for (const std::string &e : p.tmap->dims)
        out->dims[i].emplace_back(e, resolve);
      for (const std::string &e : p.tmap->strides)
        out->strides[i].emplace_back(e, resolve);
    }
  }
  return out;
}

namespace {

std::string trim(const std::string &s) {
  size_t b = s.find_first_not_of(" \t\r");
  if (b == std::string::npos)
    return "";
  size_t e = s.find_last_not_of(" \t\r");
  return s.substr(b, e - b + 1);
}

std::vector<std::string> splitFields(const std::string &s) {
  std::istringstream in(s);
  std::vector<std::string> fields;
  std::string f;
  while (in >> f)
    fields.push_back(f);
  return fields;
}

/// The directive text after "// " when `line` is a signature line
/// ("// @kernel main" gives "@kernel main"), else nullopt.
std::optional<std::string> directiveOf(const std::string &line) {
  std::string t = trim(line);
  if (t.rfind("//", 0) != 0)
    return std::nullopt;
  t = trim(t.substr(2));
  if (t.empty() || t[0] != '@')
    return std::nullopt;
  return t;
}

class Parser {
public:
  KernelSignature sig;

  void fail(const std::string &why) const {
    throw Error("WarpForth signature line " + std::to_string(lineNo) + ": " +
                why);
  }

  int64_t parseInt(const std::string &text, const char *what) const {
    errno = 0;
    char *end = nullptr;
    long long v = std::strtoll(text.c_str(), &end, 10);
    if (text.empty() || *end != '\0' || errno == ERANGE || v < 0)
      fail(std::string(what) + " '" + text + "' is not a non-negative integer");
    return v;
  }

  ElemType parseType(const std::string &text) const {
    std::optional<ElemType> t = parseElemType(text);
    if (!t)
      fail("unknown element type '" + text + "'");
    return *t;
  }

  void need(const std::vector<std::string> &f, size_t count,
            const char *usage) const {
    if (f.size() < count)
      fail(std::string("expected '") + usage + "'");
  }

  void directive(const std::vector<std::string> &f) {
    const std::string &d = f[0];
    if (d == "@kernel") {
      need(f, 2, "@kernel NAME");
      sig.kernel = f[1];
    } else if (d == "@float") {
      need(f, 2, "@float f32|f64");
      sig.floatType = parseType(f[1]);
    } else if (d == "@param") {
      param(f);
    } else if (d == "@shared") {
      need(f, 4, "@shared NAME TYPE COUNT");
      SharedDecl s{f[1], parseType(f[2]), parseInt(f[3], "shared count")};
      sig.shared.push_back(s);
    } else if (d == "@dynamic-shared") {
      need(f, 3, "@dynamic-shared NAME TYPE");
      sig.dynamicShared = SharedDecl{f[1], parseType(f[2]), 0};
    } else if (d == "@shared-bytes") {
      need(f, 2, "@shared-bytes N");
      sharedBytes = parseInt(f[1], "shared byte count");
    } else if (d == "@large-shared-bytes") {
      need(f, 2, "@large-shared-bytes N");
      sig.largeSharedBytes = parseInt(f[1], "large shared byte count");
    } else if (d == "@arch") {
      need(f, 2, "@arch sm_XY");
      sig.arch = f[1];
    } else if (d == "@max-threads") {
      need(f, 2, "@max-threads N");
      sig.maxThreads = parseInt(f[1], "thread count");
    } else if (d == "@block") {
      need(f, 4, "@block X Y Z");
      for (int k = 0; k < 3; ++k) {
        sig.block[k] = parseInt(f[size_t(k) + 1], "block dimension");
        if (sig.block[k] < 1)
          fail("block dimension '" + f[size_t(k) + 1] + "' must be at least 1");
      }
    } else if (d == "@cluster") {
      need(f, 4, "@cluster X Y Z");
      for (int k = 0; k < 3; ++k) {
        sig.cluster[k] = parseInt(f[size_t(k) + 1], "cluster dimension");
        if (sig.cluster[k] < 1)
          fail("cluster dimension '" + f[size_t(k) + 1] +
               "' must be at least 1");
      }
    } else if (d == "@pdl") {
      sig.pdl = true;
    } else if (d == "@checked") {
      sig.checked = true;
    } else if (d == "@sanitize") {
      sig.sanitize = true;
    } else if (d == "@const") {
      need(f, 3, "@const NAME VALUE");
      // Only integer constants can appear in sizes; others are kept out.
      errno = 0;
      char *end = nullptr;
      long long v = std::strtoll(f[2].c_str(), &end, 10);
      if (*end == '\0' && errno != ERANGE)
        sig.consts[f[1]] = v;
    }
    // Anything else is a directive from a newer compiler: ignored.
  }

  void param(const std::vector<std::string> &f) {
    const char *usage = "@param NAME array TYPE SIZE|- or @param NAME scalar "
                        "TYPE";
    need(f, 4, usage);
    ParamDecl p;
    p.name = f[1];
    if (f[2] == "tmap") {
      tensorMap(f, p);
    } else if (f[2] == "array") {
      need(f, 5, usage);
      p.isArray = true;
      if (f[4] != "-") {
        try {
          checkSizeExpr(f[4]);
        } catch (const Error &e) {
          fail(std::string("param '") + p.name + "': " + e.what());
        }
        p.size = f[4];
      }
    } else if (f[2] != "scalar") {
      fail("param '" + p.name + "' is '" + f[2] +
           "'; expected 'array', 'scalar' or 'tmap'");
    }
    p.type = parseType(f[3]);
    if (!names.insert(p.name).second)
      fail("param '" + p.name + "' is declared twice");
    sig.params.push_back(p);
  }

  static std::vector<std::string> splitList(const std::string &text) {
    std::vector<std::string> items;
    size_t start = 0;
    for (;;) {
      size_t comma = text.find(',', start);
      items.push_back(text.substr(start, comma == std::string::npos
                                             ? std::string::npos
                                             : comma - start));
      if (comma == std::string::npos)
        return items;
      start = comma + 1;
    }
  }

  // @param NAME tmap TYPE DIMS BOX SWIZZLE [STRIDES]
  void tensorMap(const std::vector<std::string> &f, ParamDecl &p) {
    need(f, 7, "@param NAME tmap TYPE DIMS BOX SWIZZLE [STRIDES]");
    p.isArray = true;
    TensorMapSpec map;
    map.dims = splitList(f[4]);
    // Older compilers write no strides: the map is dense.
    if (f.size() > 7)
      map.strides = splitList(f[7]);
    for (const std::vector<std::string> *exprs : {&map.dims, &map.strides})
      for (const std::string &e : *exprs) {
        try {
          checkSizeExpr(e);
        } catch (const Error &err) {
          fail(std::string("param '") + p.name + "': " + err.what());
        }
      }
    if (!map.strides.empty() && map.strides.size() + 1 != map.dims.size())
      fail("param '" + p.name +
           "': a tensor map takes a stride for each dim but the innermost; "
           "got " +
           std::to_string(map.strides.size()) + " strides for " +
           std::to_string(map.dims.size()) + " dims");
    p.size = tensorMapExtent(map.dims, map.strides);
    for (const std::string &b : splitList(f[5]))
      map.box.push_back(parseInt(b, "box size"));
    map.swizzle = parseInt(f[6], "swizzle");
    if (map.dims.empty() || map.dims.size() > 5 ||
        map.box.size() != map.dims.size())
      fail("param '" + p.name +
           "': a tensor map needs 1 to 5 dims and a box "
           "size for each");
    if (map.swizzle != 0 && map.swizzle != 32 && map.swizzle != 64 &&
        map.swizzle != 128)
      fail("param '" + p.name + "': swizzle " + f[6] +
           " is not 0, 32, 64 or 128");
    p.tmap = std::move(map);
  }

  KernelSignature run(const std::string &text) {
    std::istringstream in(text);
    std::string line;
    bool started = false, ended = false;
    while (!ended && std::getline(in, line)) {
      ++lineNo;
      std::optional<std::string> d = directiveOf(line);
      if (!started) {
        if (!d)
          continue;
        std::vector<std::string> f = splitFields(*d);
        if (f[0] != "@warpforth-signature")
          continue;
        need(f, 2, "@warpforth-signature VERSION");
        sig.version = static_cast<int>(parseInt(f[1], "version"));
        if (sig.version > kSignatureVersion)
          fail("signature version " + f[1] + " is newer than this runtime (" +
               std::to_string(kSignatureVersion) + ")");
        started = true;
        continue;
      }
      if (!d) {
        std::string t = trim(line);
        if (t.empty() || t.rfind("//", 0) == 0)
          continue; // blank or plain comment lines inside the block
        fail("signature block ends without '// @end'");
      }
      std::vector<std::string> f = splitFields(*d);
      if (f[0] == "@end") {
        ended = true;
      } else if (f[0] == "@check-site") {
        // The rest of the line, spaces and all (it holds a path).
        size_t at = d->find_first_not_of(" \t", f[0].size());
        sig.checkSites.push_back(at == std::string::npos ? "" : d->substr(at));
      } else {
        directive(f);
      }
    }
    if (!started)
      throw Error("no WarpForth signature in PTX");
    if (!ended)
      fail("signature block ends without '// @end'");
    if (sig.kernel.empty())
      throw Error("WarpForth signature has no '@kernel' line");
    if (sharedBytes) {
      sig.sharedBytes = *sharedBytes;
    } else if (!sig.largeSharedBytes) {
      for (const SharedDecl &s : sig.shared)
        sig.sharedBytes += s.count * static_cast<int64_t>(elemSize(s.type));
    }
    return sig;
  }

private:
  int lineNo = 0;
  std::optional<int64_t> sharedBytes;
  std::set<std::string> names;
};

} // namespace

KernelSignature parseSignature(const std::string &text) {
  KernelSignature sig = Parser().run(text);
  sig.sizes = sig.sizePrograms();
  return sig;
}

std::string formatSignature(const KernelSignature &sig) {
  std::ostringstream out;
  out << "// @warpforth-signature " << sig.version << "\n";
  out << "// @kernel " << sig.kernel << "\n";
  if (sig.floatType)
    out << "// @float " << elemTypeName(*sig.floatType) << "\n";
  for (const ParamDecl &p : sig.params) {
    if (p.tmap) {
      auto list = [](const auto &items) {
        std::ostringstream l;
        for (size_t i = 0; i < items.size(); ++i)
          l << (i ? "," : "") << items[i];
        return l.str();
      };
      out << "// @param " << p.name << " tmap " << elemTypeName(p.type) << " "
          << list(p.tmap->dims) << " " << list(p.tmap->box) << " "
          << p.tmap->swizzle;
      if (!p.tmap->strides.empty())
        out << " " << list(p.tmap->strides);
      out << "\n";
      continue;
    }
    out << "// @param " << p.name << (p.isArray ? " array " : " scalar ")
        << elemTypeName(p.type);
    if (p.isArray)
      out << " " << (p.size.empty() ? "-" : p.size);
    out << "\n";
  }
  for (const SharedDecl &s : sig.shared)
    out << "// @shared " << s.name << " " << elemTypeName(s.type) << " "
        << s.count << "\n";
  if (sig.dynamicShared)
    out << "// @dynamic-shared " << sig.dynamicShared->name << " "
        << elemTypeName(sig.dynamicShared->type) << "\n";
  out << "// @shared-bytes " << sig.sharedBytes << "\n";
  if (sig.largeSharedBytes)
    out << "// @large-shared-bytes " << sig.largeSharedBytes << "\n";
  if (sig.maxThreads)
    out << "// @max-threads " << sig.maxThreads << "\n";
  if (sig.block[0])
    out << "// @block " << sig.block[0] << " " << sig.block[1] << " "
        << sig.block[2] << "\n";
  if (sig.cluster[0])
    out << "// @cluster " << sig.cluster[0] << " " << sig.cluster[1] << " "
        << sig.cluster[2] << "\n";
  if (sig.pdl)
    out << "// @pdl\n";
  if (!sig.arch.empty())
    out << "// @arch " << sig.arch << "\n";
  for (const auto &[name, value] : sig.consts)
    out << "// @const " << name << " " << value << "\n";
  if (sig.sanitize)
    out << "// @sanitize\n";
  if (sig.checked) {
    out << "// @checked\n";
    for (const std::string &site : sig.checkSites)
      out << "// @check-site " << site << "\n";
  }
  out << "// @end\n";
  return out.str();
}

} // namespace wf::rt
