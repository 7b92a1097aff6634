//===- FrontEndFuzzer.cpp - libFuzzer target for the WarpForth compiler ---===//
//
// Feeds each input to wf::compile as a .forth source. Every input must end
// in either a successful compile or clang-style `file:line:col: error:`
// diagnostics; a crash, hang, sanitizer report, uncaught exception or an
// "internal error" (invalid LLVM IR, codegen failure) is a bug.
//
// Most inputs stop after the WarpForth IR (lexer, parser, resolver): that
// is fast. A deterministic fraction of those that resolve also go through
// LLVM lowering, the optimizer and the NVPTX back end, and a few also
// through the --emit tokens / ast printers.
//
//===----------------------------------------------------------------------===//
#include "compiler/driver/Compiler.h"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace {

/// FNV-1a: picks the extra stages per input, deterministically, so a saved
/// crash reproduces.
uint64_t hashBytes(const uint8_t *data, size_t size) {
  uint64_t h = 1469598103934665603ull;
  for (size_t i = 0; i < size; ++i)
    h = (h ^ data[i]) * 1099511628211ull;
  return h;
}

unsigned envOr(const char *name, unsigned fallback) {
  const char *value = std::getenv(name);
  return value ? static_cast<unsigned>(std::strtoul(value, nullptr, 10))
               : fallback;
}

/// The name every input is compiled under. Its folder does not exist, so
/// relative INCLUDEs fail the same way everywhere and the fuzzer cannot pull
/// in its own corpus files.
const std::string &path() {
  static const std::string name = "/nonexistent-wf-fuzz/input.forth";
  return name;
}

/// Whether `d` continues at `at` with ":LINE:COL: error: " (or a note: an
/// error inside a prelude word carries one at the user's call).
bool isLocatedError(const std::string &d, size_t at) {
  for (int field = 0; field < 2; ++field) {
    if (at >= d.size() || d[at] != ':')
      return false;
    size_t digits = ++at;
    while (at < d.size() && d[at] >= '0' && d[at] <= '9')
      ++at;
    if (at == digits)
      return false;
  }
  return d.compare(at, 9, ": error: ") == 0 ||
         d.compare(at, 8, ": note: ") == 0;
}

[[noreturn]] void fail(const char *why, const std::string &source,
                       const wf::CompileResult &result) {
  std::fprintf(stderr,
               "\n*** warpforth fuzz: %s\n--- diagnostics ---\n%s--- "
               "input (%zu bytes) ---\n%.2000s\n",
               why, result.diagnostics.c_str(), source.size(), source.c_str());
  std::abort();
}

/// The contract of wf::compile, checked on every result. For a back-end
/// run, `frontDiags` is what the front end alone reported for the same
/// input: the back end may only add to it, and must not add an internal
/// error. (Only the back end's part is searched: diagnostics quote source
/// lines, and the fuzzer soon learns to write "internal error" itself.)
void check(const std::string &source, const wf::CompileResult &result,
           const std::string *frontDiags = nullptr) {
  const std::string &d = result.diagnostics;
  size_t backEndStart = d.size();
  if (frontDiags) {
    if (d.compare(0, frontDiags->size(), *frontDiags) != 0)
      fail("the back end changed the front end's diagnostics", source, result);
    backEndStart = frontDiags->size();
    if (d.find("internal error", backEndStart) != std::string::npos)
      fail("internal error", source, result);
  }
  if (result.ok)
    return;
  // A failed compile says why: the front end with a location in the input,
  // the back end (e.g. libdevice missing) with "warpforthc: error:".
  bool located = false;
  for (size_t at = d.find(path()); !located && at != std::string::npos;
       at = d.find(path(), at + 1))
    located = isLocatedError(d, at + path().size());
  bool backEnd =
      d.find("warpforthc: error: ", backEndStart) != std::string::npos;
  if (!located && !backEnd)
    fail("failed without a file:line:col error", source, result);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  // 1 in N inputs that resolve also run through LLVM and NVPTX (slow).
  static const unsigned ptxEvery = envOr("WF_FUZZ_PTX_EVERY", 16);

  std::string source(reinterpret_cast<const char *>(data), size);
  uint64_t h = hashBytes(data, size);

  wf::CompileOptions options;
  if ((h >> 8) % 8 == 0)
    options.floatMode = wf::FloatMode::F32;

  wf::CompileResult ir = wf::compile(path(), source, wf::EmitKind::IR, options);
  check(source, ir);

  if ((h >> 16) % 8 == 0) {
    check(source, wf::compile(path(), source, wf::EmitKind::Tokens, options));
    check(source, wf::compile(path(), source, wf::EmitKind::AST, options));
  }

  if (ir.ok && ptxEvery && (h >> 24) % ptxEvery == 0) {
    options.optLevel = static_cast<int>((h >> 32) % 4);
    options.lineInfo = (h >> 40) % 2;
    wf::CompileResult ptx =
        wf::compile(path(), source, wf::EmitKind::PTX, options);
    check(source, ptx, &ir.diagnostics);
    if (!ptx.ok && ptx.diagnostics.find("libdevice") == std::string::npos)
      fail("resolved to IR but failed in the back end", source, ptx);
  }
  return 0;
}
