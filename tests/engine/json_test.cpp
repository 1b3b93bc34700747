// The engine's JSON reader and writer.

#include "engine/json.h"

#include <gtest/gtest.h>

namespace cf::json {
namespace {

TEST(Json, ReadsAndWritesEveryKindOfValue) {
  auto v = parse(R"({"a": [1, 2.5, -3e2], "b": {"c": null, "d": true}, "s": "x\"y\u00e9\n"})");
  ASSERT_TRUE(v.ok()) << v.error().message;
  EXPECT_EQ(v->find("a")->as_array()[2].as_number(), -300);
  EXPECT_TRUE(v->find("b")->find("c")->is_null());
  EXPECT_EQ(v->find("s")->as_string(), "x\"y\xc3\xa9\n");
  auto again = parse(v->dump());
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(*again, *v);
  EXPECT_EQ(parse(v->dump(2))->dump(), v->dump());
}

TEST(Json, KeepsMemberOrderAndPrintsWholeNumbersWithoutAFraction) {
  Value v;
  v["z"] = 1;
  v["a"] = 2.5;
  v["m"] = Array{0, -1};
  EXPECT_EQ(v.dump(), R"({"z":1,"a":2.5,"m":[0,-1]})");
  EXPECT_EQ(v.dump(2), "{\n  \"z\": 1,\n  \"a\": 2.5,\n  \"m\": [0, -1]\n}");
}

TEST(Json, RefusesMalformedTextWithLineAndColumn) {
  EXPECT_EQ(parse("{\n  \"a\": [1, 2,]\n}").error().message,
            "line 2, column 14: unexpected character ']'");
  EXPECT_EQ(parse("").error().message, "line 1, column 1: unexpected end of input");
  EXPECT_EQ(parse("{\"a\":1} x").error().message,
            "line 1, column 9: unexpected text after the JSON value");
  EXPECT_EQ(parse("{\"a\":1,\"a\":2}").error().message,
            "line 1, column 11: duplicate member \"a\"");
  EXPECT_FALSE(parse("\"abc").ok());
  EXPECT_FALSE(parse("01").ok());
  EXPECT_FALSE(parse("[1e]").ok());
  EXPECT_FALSE(parse("tru").ok());
  EXPECT_FALSE(parse(std::string(300, '[')).ok());
}

}  // namespace
}  // namespace cf::json
