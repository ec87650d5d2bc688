#include "results/storage_json.h"

namespace hostmark {

nlohmann::json storage_target_to_json(const StorageTarget& t) {
  nlohmann::json warnings = nlohmann::json::array();
  for (const auto& w : t.warnings)
    warnings.push_back({{"kind", storage_warning_kind_name(w.kind)}, {"text", w.text}});
  return {{"path", t.path},
          {"resolved_path", t.resolved_path},
          {"is_block_device", t.is_block_device},
          {"fs_type", t.fs_type},
          {"mount_point", t.mount_point},
          {"mount_options", t.mount_options},
          {"fs_size_bytes", t.fs_size_bytes},
          {"fs_available_bytes", t.fs_available_bytes},
          {"device", t.device},
          {"disk", t.disk},
          {"model", t.model},
          {"vendor", t.vendor},
          {"driver", t.driver},
          {"disk_size_bytes", t.disk_size_bytes},
          {"logical_sector_bytes", t.logical_sector_bytes},
          {"physical_sector_bytes", t.physical_sector_bytes},
          {"rotational", t.rotational},
          {"scheduler", t.scheduler},
          {"queue_depth", t.queue_depth},
          {"write_cache", t.write_cache},
          {"virtual_disk", t.virtual_disk},
          {"backing_file", t.backing_file},
          {"warnings", warnings}};
}

}  // namespace hostmark
