//===- SourceManager.h - Source files and locations -----------------------===//
//
// Owns the text of every file a compilation reads (the kernel, INCLUDEd
// files, the stdlib prelude) so a location is just (file, line, column) and
// diagnostics can quote the source line.
//
//===----------------------------------------------------------------------===//
#ifndef WARPFORTH_COMPILER_SUPPORT_SOURCEMANAGER_H
#define WARPFORTH_COMPILER_SUPPORT_SOURCEMANAGER_H

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace wf {

struct SourceLoc {
  uint32_t file = 0; // index into SourceManager; 0 means "no location"
  uint32_t line = 0; // 1-based
  uint32_t col = 0;  // 1-based
  bool valid() const { return file != 0; }
};

class SourceManager {
public:
  /// Adds a file and returns its id (>= 1).
  uint32_t addFile(std::string path, std::string text);
  const std::string &path(uint32_t file) const;
  const std::string &text(uint32_t file) const;
  /// The text of `line` in `file`, without its newline.
  std::string_view lineText(uint32_t file, uint32_t line) const;
  size_t fileCount() const { return files.size(); }

private:
  struct File {
    std::string path;
    std::string text;
    std::vector<size_t> lineStarts;
  };
  std::vector<std::unique_ptr<File>> files;
};

} // namespace wf

#endif
