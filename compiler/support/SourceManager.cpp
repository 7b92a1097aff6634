//===- SourceManager.cpp --------------------------------------------------===//
#include "compiler/support/SourceManager.h"

namespace wf {

uint32_t SourceManager::addFile(std::string path, std::string text) {
  auto file = std::make_unique<File>();
  file->path = std::move(path);
  file->text = std::move(text);
  // A UTF-8 byte-order mark (editors on Windows write one) is no part of
  // the program: drop it rather than read it as a word.
  if (file->text.compare(0, 3, "\xEF\xBB\xBF") == 0)
    file->text.erase(0, 3);
  file->lineStarts.push_back(0);
  for (size_t i = 0; i < file->text.size(); ++i)
    if (file->text[i] == '\n')
      file->lineStarts.push_back(i + 1);
  files.push_back(std::move(file));
  return static_cast<uint32_t>(files.size());
}

const std::string &SourceManager::path(uint32_t file) const {
  return files.at(file - 1)->path;
}

const std::string &SourceManager::text(uint32_t file) const {
  return files.at(file - 1)->text;
}

std::string_view SourceManager::lineText(uint32_t file, uint32_t line) const {
  if (file == 0 || file > files.size())
    return {};
  const File &f = *files[file - 1];
  if (line == 0 || line > f.lineStarts.size())
    return {};
  size_t begin = f.lineStarts[line - 1];
  size_t end = f.text.find('\n', begin);
  if (end == std::string::npos)
    end = f.text.size();
  if (end > begin && f.text[end - 1] == '\r')
    --end;
  return std::string_view(f.text).substr(begin, end - begin);
}

} // namespace wf
