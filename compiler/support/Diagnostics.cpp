//===- Diagnostics.cpp ----------------------------------------------------===//
#include "compiler/support/Diagnostics.h"

#include <algorithm>

namespace wf {

void DiagnosticEngine::error(SourceLoc loc, std::string message,
                             uint32_t length) {
  report(Severity::Error, loc, std::move(message), length);
}

void DiagnosticEngine::warning(SourceLoc loc, std::string message,
                               uint32_t length) {
  if (warningsAsErrors)
    report(Severity::Error, loc, std::move(message) + " [-Werror]", length);
  else
    report(Severity::Warning, loc, std::move(message), length);
}

void DiagnosticEngine::note(SourceLoc loc, std::string message,
                            uint32_t length) {
  report(Severity::Note, loc, std::move(message), length);
}

void DiagnosticEngine::report(Severity severity, SourceLoc loc,
                              std::string message, uint32_t length) {
  if (severity == Severity::Error && saturated())
    return;
  if (!seen.insert({loc.file, loc.line, loc.col, message}).second)
    return;
  if (severity == Severity::Error)
    ++errors;
  diags.push_back(
      {severity, loc, length == 0 ? 1 : length, std::move(message)});
}

void DiagnosticEngine::rollback(const Checkpoint &c) {
  for (size_t i = c.count; i < diags.size(); ++i) {
    const Diagnostic &d = diags[i];
    seen.erase({d.loc.file, d.loc.line, d.loc.col, d.message});
  }
  diags.erase(diags.begin() + static_cast<std::ptrdiff_t>(c.count),
              diags.end());
  errors = c.errors;
}

static const char *severityName(Severity severity) {
  switch (severity) {
  case Severity::Error:
    return "error";
  case Severity::Warning:
    return "warning";
  case Severity::Note:
    return "note";
  }
  return "error";
}

std::string DiagnosticEngine::render() const {
  // A huge word or line (generated code, a hostile input) is shown in part,
  // so that each diagnostic stays a few short lines.
  constexpr size_t maxMessage = 1000, maxLineShown = 200;
  std::string out;
  for (const Diagnostic &d : diags) {
    if (d.loc.valid()) {
      out += sources.path(d.loc.file) + ":" + std::to_string(d.loc.line) + ":" +
             std::to_string(d.loc.col) + ": ";
    } else {
      out += "warpforthc: ";
    }
    out += severityName(d.severity);
    out += ": ";
    if (d.message.size() > maxMessage)
      out += d.message.substr(0, maxMessage) + "...";
    else
      out += d.message;
    out += "\n";
    if (!d.loc.valid())
      continue;
    std::string_view line = sources.lineText(d.loc.file, d.loc.line);
    if (line.empty())
      continue;
    size_t col = d.loc.col; // 1-based, in `line`
    if (line.size() > maxLineShown) {
      size_t start = col > maxLineShown / 2 ? col - maxLineShown / 2 : 0;
      start = std::min(start, line.size() - maxLineShown);
      line = line.substr(start, maxLineShown);
      col -= start;
    }
    out += std::string(line) + "\n";
    // Keep tabs in the caret line so the caret lines up under the word.
    std::string caret;
    for (size_t i = 1; i < col && i - 1 < line.size(); ++i)
      caret += line[i - 1] == '\t' ? '\t' : ' ';
    caret += '^';
    for (size_t i = 1; i < d.length && i < maxLineShown; ++i)
      caret += '~';
    out += caret + "\n";
  }
  if (errors >= maxErrors)
    out += "warpforthc: too many errors; stopping after " +
           std::to_string(maxErrors) + "\n";
  return out;
}

} // namespace wf
