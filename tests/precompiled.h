#pragma once
// The precompiled header of the test binaries (tests/CMakeLists.txt): the library's
// (src/core/precompiled.h) and gtest, which every test includes. Never included by hand.
#include <gtest/gtest.h>

#include "core/precompiled.h"
