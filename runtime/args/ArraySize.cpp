#include "runtime/args/ArraySize.h"

#include "common/Error.h"

#include <string>
#include <unistd.h>

namespace wf::rt {

std::optional<size_t> checkedBytes(uint64_t count, size_t elemSize) {
  size_t bytes = 0;
  if (count > SIZE_MAX ||
      __builtin_mul_overflow(static_cast<size_t>(count), elemSize, &bytes))
    return std::nullopt;
  return bytes;
}

uint64_t physicalMemoryBytes() {
  long pages = sysconf(_SC_PHYS_PAGES);
  long pageSize = sysconf(_SC_PAGESIZE);
  if (pages <= 0 || pageSize <= 0)
    return 0;
  return static_cast<uint64_t>(pages) * static_cast<uint64_t>(pageSize);
}

size_t arrayBytes(uint64_t count, ElemType type) {
  std::string values =
      std::to_string(count) + " " + elemTypeName(type) + " values";
  std::optional<size_t> bytes = checkedBytes(count, elemSize(type));
  if (!bytes)
    throw Error(values + " need more than 2^64 bytes");
  uint64_t memory = physicalMemoryBytes();
  if (memory && *bytes > memory)
    throw Error(values + " need " + std::to_string(*bytes) +
                " bytes, more than this machine's " + std::to_string(memory) +
                " bytes of memory");
  return *bytes;
}

} // namespace wf::rt
