// The one -D parser (compiler/driver/Defines.h) every tool and binding uses.
#include "compiler/driver/Defines.h"

#include <catch2/catch.hpp>

using wf::addDefine;

TEST_CASE("defines: the three spellings", "[defines]") {
  std::map<std::string, std::string> d;
  CHECK_FALSE(addDefine(d, "SEQ=SEQ0*2"));
  CHECK_FALSE(addDefine(d, "FLAG"));
  CHECK_FALSE(addDefine(d, "EPS=0.25"));
  CHECK(d == std::map<std::string, std::string>{
                 {"SEQ", "SEQ0*2"}, {"FLAG", "1"}, {"EPS", "0.25"}});
  // A later define of the same name wins.
  CHECK_FALSE(addDefine(d, "FLAG=0"));
  CHECK(d["FLAG"] == "0");
}

TEST_CASE("defines: malformed ones name the define", "[defines]") {
  std::map<std::string, std::string> d = {{"N", "4"}};
  CHECK(addDefine(d, "N=") == "-D 'N=': no value for 'N' (write N=VALUE, "
                              "or N alone for 1)");
  CHECK(addDefine(d, "N=1=2") ==
        "-D 'N=1=2': the value of 'N' ('1=2') holds a '=' (write N=VALUE)");
  CHECK(addDefine(d, "=3") == "-D needs NAME=VALUE, got '=3'");
  CHECK(addDefine(d, "") == "-D needs NAME=VALUE, got ''");
  // A rejected define leaves the others as they were.
  CHECK(d == std::map<std::string, std::string>{{"N", "4"}});
}
