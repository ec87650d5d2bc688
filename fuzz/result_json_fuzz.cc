// libFuzzer target: the results JSON reader (results/result_json.h). Any JSON text: a Result
// or an Error naming the field, never an exception. A Result read back must also survive the
// writer and be read again equal (results/result_to_json.h is its inverse for everything but
// `host`).
#include <cstdlib>

#include "fuzz_input.h"
#include "results/result_json.h"
#include "results/result_to_json.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace hostmark;
  const nlohmann::json j =
      nlohmann::json::parse(fuzz::as_text(data, size), nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded()) return 0;
  const Expected<Result> r = result_from_json(j);
  if (!r) return 0;
  const nlohmann::json written = result_to_json(*r);
  const Expected<Result> again = result_from_json(written);
  if (!again || result_to_json(*again) != written) std::abort();  // the round trip lost something
  return 0;
}
