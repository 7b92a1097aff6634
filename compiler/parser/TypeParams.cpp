//===- TypeParams.cpp -----------------------------------------------------===//
#include "compiler/parser/TypeParams.h"

#include "compiler/lexer/Lexer.h"

#include <cctype>

namespace wf {

namespace {

bool isIdentifier(const std::string &s) {
  if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0])))
    return false;
  for (char c : s)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_')
      return false;
  return true;
}

std::string typeList(const std::vector<ElemType> &types) {
  std::string out;
  for (size_t i = 0; i < types.size(); ++i) {
    if (i)
      out += i + 1 == types.size() ? " or " : ", ";
    out += elemTypeName(types[i]);
  }
  return out;
}

const TypeParam *find(const std::vector<TypeParam> &params,
                      const std::string &name) {
  std::string upper = upperCase(name);
  for (const TypeParam &p : params)
    if (p.upper == upper)
      return &p;
  return nullptr;
}

SourceLoc at(SourceLoc loc, size_t offset) {
  loc.col += static_cast<uint32_t>(offset);
  return loc;
}

/// `{NAME}`, `sizeof(NAME)` and `is(NAME,TYPE)` in one word; false after
/// an error.
bool spliceText(Token &tok, const std::vector<TypeParam> &params,
                DiagnosticEngine &diags) {
  std::string &text = tok.text;
  bool changed = false;
  for (size_t open = text.find('{'); open != std::string::npos;
       open = text.find('{', open)) {
    size_t close = text.find('}', open);
    std::string inner = close == std::string::npos
                            ? std::string()
                            : text.substr(open + 1, close - open - 1);
    if (!isIdentifier(inner)) {
      ++open; // not a splice: `{` of locals, `{:`
      continue;
    }
    const TypeParam *p = find(params, inner);
    if (!p) {
      diags.error(at(tok.loc, open),
                  "'{" + inner +
                      "}' names no type parameter (declare one: "
                      "'\\! type " +
                      inner + " f32 bf16 f16')",
                  static_cast<uint32_t>(inner.size() + 2));
      return false;
    }
    std::string name = elemTypeName(p->type);
    text.replace(open, close - open + 1, name);
    open += name.size();
    changed = true;
  }
  // sizeof(NAME): its bytes; is(NAME,TYPE): 1 if NAME is TYPE, else 0.
  for (const char *fn : {"SIZEOF(", "IS("}) {
    std::string call = fn;
    for (size_t pos = upperCase(text).find(call); pos != std::string::npos;
         pos = upperCase(text).find(call, pos + 1)) {
      if (pos > 0 && (std::isalnum(static_cast<unsigned char>(text[pos - 1])) ||
                      text[pos - 1] == '_'))
        continue; // part of a longer name (AXIS(...)
      size_t close = text.find(')', pos);
      size_t end = close == std::string::npos ? text.size() : close + 1;
      std::string args = text.substr(pos + call.size(),
                                     end - pos - call.size() -
                                         (close == std::string::npos ? 0 : 1));
      std::string name = args, typeName;
      size_t comma = args.find(',');
      if (comma != std::string::npos) {
        name = args.substr(0, comma);
        typeName = args.substr(comma + 1);
      }
      const TypeParam *p = find(params, name);
      bool isSizeof = call == "SIZEOF(";
      auto type = parseElemType(typeName);
      std::string value;
      if (!p || close == std::string::npos ||
          (isSizeof ? comma != std::string::npos : !type)) {
        diags.error(at(tok.loc, pos),
                    "'" + text.substr(pos, end - pos) + "': " +
                        (isSizeof ? "sizeof(T) takes a type parameter"
                                  : "is(T,TYPE) takes a type parameter and a "
                                    "type (i8 .. f64)") +
                        " (type parameters are declared with '\\! type')",
                    static_cast<uint32_t>(end - pos));
        // 0 in its place: one error, not a second about the expression.
        text.replace(pos, end - pos, "0");
        tok.upper = upperCase(text);
        return false;
      }
      value = isSizeof ? std::to_string(elemTypeBytes(p->type))
                       : std::string(*type == p->type ? "1" : "0");
      text.replace(pos, end - pos, value);
      changed = true;
    }
  }
  if (changed)
    tok.upper = upperCase(text);
  return true;
}

} // namespace

std::vector<TypeParam>
collectTypeParams(const std::vector<Token> &tokens, size_t headerEnd,
                  std::map<std::string, std::string> &defines,
                  DiagnosticEngine &diags) {
  std::vector<TypeParam> params;
  const char *usage = "'\\! type NAME TYPE...' (the first TYPE the default, "
                      "e.g. '\\! type T f32 bf16 f16')";
  for (size_t i = 0; i < headerEnd && i < tokens.size(); ++i) {
    const Token &dir = tokens[i];
    if (dir.kind != TokenKind::Directive || dir.parts.empty() ||
        dir.parts[0].upper != "TYPE")
      continue;
    if (dir.parts.size() < 3) {
      diags.error(dir.parts[0].loc, std::string("expected ") + usage,
                  dir.parts[0].length());
      continue;
    }
    const Token &name = dir.parts[1];
    if (!isIdentifier(name.text)) {
      diags.error(name.loc,
                  "type parameter name '" + name.text +
                      "': use letters, digits and '_'",
                  name.length());
      continue;
    }
    if (const TypeParam *twice = find(params, name.text)) {
      diags.error(name.loc,
                  "type parameter '" + name.text +
                      "' declared twice (first "
                      "at line " +
                      std::to_string(twice->nameTok.loc.line) + ")",
                  name.length());
      continue;
    }
    std::vector<ElemType> allowed;
    bool ok = true;
    for (size_t k = 2; k < dir.parts.size(); ++k) {
      auto t = parseElemType(dir.parts[k].text);
      if (!t) {
        diags.error(dir.parts[k].loc,
                    "unknown type '" + dir.parts[k].text +
                        "' for type "
                        "parameter '" +
                        name.text +
                        "': expected i8, i16, i32, "
                        "i64, f16, bf16, f32 or f64",
                    dir.parts[k].length());
        ok = false;
        break;
      }
      allowed.push_back(*t);
    }
    if (!ok)
      continue;
    TypeParam p{name.text, upperCase(name.text), allowed[0], name};
    // -D T=bf16: names ignore case, as constants' do.
    for (auto it = defines.begin(); it != defines.end();) {
      if (upperCase(it->first) != p.upper) {
        ++it;
        continue;
      }
      auto t = parseElemType(it->second);
      bool listed = false;
      for (ElemType a : allowed)
        listed = listed || (t && *t == a);
      if (!listed)
        diags.error(name.loc,
                    "-D " + it->first + "=" + it->second +
                        ": type parameter '" + name.text + "' takes " +
                        typeList(allowed),
                    name.length());
      else
        p.type = *t;
      it = defines.erase(it);
    }
    params.push_back(p);
  }
  return params;
}

void spliceTypeParams(std::vector<Token> &tokens,
                      const std::vector<TypeParam> &params,
                      DiagnosticEngine &diags) {
  for (Token &tok : tokens) {
    if (tok.kind == TokenKind::Word) {
      spliceText(tok, params, diags);
      continue;
    }
    if (tok.kind != TokenKind::Directive || tok.parts.empty())
      continue;
    for (Token &part : tok.parts)
      spliceText(part, params, diags);
    // `param X T[N]`: the parameter as the element type.
    const std::string &what = tok.parts[0].upper;
    bool typed =
        what == "PARAM" || what == "SHARED" || what == "REG" || what == "TMAP";
    if (!typed || tok.parts.size() < 3)
      continue;
    Token &spec = tok.parts[2];
    size_t bracket = spec.text.find('[');
    const TypeParam *p = find(params, spec.text.substr(0, bracket));
    if (!p)
      continue;
    spec.text.replace(0,
                      bracket == std::string::npos ? spec.text.size() : bracket,
                      elemTypeName(p->type));
    spec.upper = upperCase(spec.text);
  }
}

} // namespace wf
