#include "common/ElemType.h"

namespace wf::rt {

namespace {
struct TypeInfo {
  ElemType type;
  const char *name;
  size_t size;
  bool isFloat;
};

const TypeInfo kTypes[] = {
    {ElemType::I8, "i8", 1, false},   {ElemType::I16, "i16", 2, false},
    {ElemType::I32, "i32", 4, false}, {ElemType::I64, "i64", 8, false},
    {ElemType::F16, "f16", 2, true},  {ElemType::BF16, "bf16", 2, true},
    {ElemType::F32, "f32", 4, true},  {ElemType::F64, "f64", 8, true},
};

const TypeInfo &info(ElemType type) { return kTypes[static_cast<int>(type)]; }
} // namespace

const char *elemTypeName(ElemType type) { return info(type).name; }

std::optional<ElemType> parseElemType(const std::string &name) {
  for (const TypeInfo &t : kTypes)
    if (name == t.name)
      return t.type;
  return std::nullopt;
}

size_t elemSize(ElemType type) { return info(type).size; }

bool isFloat(ElemType type) { return info(type).isFloat; }

} // namespace wf::rt
