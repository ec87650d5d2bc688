#pragma once
// JSON form of the storage a result ran on (Result::storage), with its typed warnings.
#include <nlohmann/json.hpp>

#include "results/storage.h"

namespace hostmark {

nlohmann::json storage_target_to_json(const StorageTarget& target);

}  // namespace hostmark
