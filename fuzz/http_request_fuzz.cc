// libFuzzer target: the exporter's request handling (exporter/http_request.h) on the bytes a
// client sent, complete or cut off, and --listen addresses (exporter/http_server.h).
#include <cstdlib>

#include "exporter/http_server.h"
#include "fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace hostmark::exporter;
  const std::string_view text = hostmark::fuzz::as_text(data, size);
  for (const bool closed : {false, true}) {
    const RequestVerdict v = judge_request(text, closed);
    if (closed && !v.complete) std::abort();  // a closed client always gets its answer
    if (v.complete && v.route.status != 200 && v.route.status != 400 && v.route.status != 404 &&
        v.route.status != 405)
      std::abort();
  }
  (void)parse_listen_address(std::string(text));
  return 0;
}
