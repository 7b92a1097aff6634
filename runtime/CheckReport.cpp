#include "runtime/CheckReport.h"

#include <cstdio>
#include <optional>

namespace wf::rt {

namespace {
std::string dims(const int64_t *v) {
  return "(" + std::to_string(v[0]) + "," + std::to_string(v[1]) + "," +
         std::to_string(v[2]) + ")";
}
} // namespace

std::string threadText(const int64_t tid[3], const int64_t bid[3]) {
  return "(thread " + dims(tid) + " of block " + dims(bid) + ")";
}

std::string outOfBoundsText(const std::string &what, uint64_t offset,
                            uint64_t size, const std::string &thread) {
  // The offset is unsigned: an address below the region wraps to a huge one.
  std::string at = static_cast<int64_t>(offset) < 0
                       ? std::to_string(static_cast<int64_t>(offset))
                       : std::to_string(offset);
  return "out-of-bounds " + what + ": byte offset " + at + " of " +
         std::to_string(size) + " " + thread;
}

std::string wildAccessText(const std::string &what, const std::string &where,
                           const std::string &region, uint64_t offset,
                           uint64_t size, const std::string &thread) {
  std::string at = where.empty() ? "" : ", " + where;
  if (!region.empty())
    return outOfBoundsText(what + " " + region + at, offset, size, thread);
  char hex[32];
  std::snprintf(hex, sizeof hex, "0x%llx",
                static_cast<unsigned long long>(offset));
  return "out-of-bounds " + what + " no param" + at + ": address " + hex +
         " is in no array param or shared memory " + thread;
}

std::string indexText(const std::string &what, int64_t index, uint64_t count,
                      const std::string &thread) {
  return "out-of-bounds index into " + what + ": index " +
         std::to_string(index) + " of " + std::to_string(count) + " elements " +
         thread;
}

std::string assertText(const std::string &where, const std::string &thread) {
  return "assertion failed at " + where + " " + thread;
}

std::string describeCheck(const KernelSignature &sig,
                          const WfCheckRecord &record) {
  int64_t tid[3], bid[3];
  for (int i = 0; i < 3; ++i) {
    tid[i] = record.tid[i];
    bid[i] = record.bid[i];
  }
  std::string thread = threadText(tid, bid);
  std::string site = record.site < sig.checkSites.size()
                         ? sig.checkSites[record.site]
                         : std::string();
  auto rest = [&](const char *kind) -> std::optional<std::string> {
    std::string prefix = std::string(kind) + " ";
    if (site.rfind(prefix, 0) != 0)
      return std::nullopt;
    return site.substr(prefix.size());
  };
  if (record.status == WF_CHECK_ASSERT) {
    std::optional<std::string> where = rest("assert");
    return assertText(
        where ? *where : "check site " + std::to_string(record.site), thread);
  }
  if (std::optional<std::string> what = rest("index"))
    return indexText(*what, static_cast<int64_t>(record.offset), record.size,
                     thread);
  if (std::optional<std::string> what = rest("access"))
    return outOfBoundsText(*what, record.offset, record.size, thread);
  if (std::optional<std::string> any = rest("any")) {
    size_t bar = any->find('|');
    std::string what = any->substr(0, bar);
    std::string where = bar == std::string::npos ? "" : any->substr(bar + 1);
    std::string region;
    if (record.region == WF_CHECK_SHARED)
      region = "shared memory";
    else if (record.region >= 0 &&
             static_cast<size_t>(record.region) < sig.params.size())
      region = "param '" + sig.params[record.region].name + "'";
    return wildAccessText(what, where, region, record.offset, record.size,
                          thread);
  }
  return "failed check at unknown site " + std::to_string(record.site) + " " +
         thread;
}

} // namespace wf::rt
