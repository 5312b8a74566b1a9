"""The planted mistakes: each one change to the project's code, and the check
it must make fail. tests/plant.py plants and runs them; CMake makes each a
test, planted.NAME (tests/CMakeLists.txt), and each runtime one a program the
build compiles (emulator/CMakeLists.txt).

A plant's command is a shell command run in the planted copy of the project,
with {python}, {cmake}, {nvcc}, {emulator_build} (the build's emulator/ folder)
and {tree} (the copy) filled in. It passes when the command exits with one of
expect_exit (any failure when it is None) and its output matches every
expect, in which {line:TEXT} is the number of the planted file's line holding
TEXT.
"""

from dataclasses import dataclass, field
from typing import List, Optional


@dataclass
class Plant:
    name: str
    file: str
    find: str
    replace: str
    command: str = ""
    expect: List[str] = field(default_factory=list)
    expect_exit: Optional[List[int]] = None
    label: str = "cpu"
    timeout: int = 120
    case: str = ""  # a runtime plant: the regression case that must now fail


EMULATE = "{python} emulator/emulate"
# The suite's own check of the emulated report, on the planted copy.
EMULATED_REPORT = ("{python} emulator/emulate --keep planted-build shuffles.cu > /dev/null 2>&1; "
                   "{cmake} -DSHUFFLES_BINARY=planted-build/bin/shuffles -DTRANSCRIPT=evidence/t4-transcript.txt "
                   "-DWORK_DIR=planted-report -P tests/emulated_report.cmake")
HARNESS = EMULATE + " -Wall -Wextra -Werror tests/exercise.cu"
HARNESS_AND_REPORT = (HARNESS + '; echo "harness exit $?"; ' + EMULATE + ' shuffles.cu 2> /dev/null; echo "report exit $?"')
LADDER = "        sum += __shfl_down_sync(kFullMask, sum, offset);"
LADDER_IN_BRANCH = "        if (live) sum += __shfl_down_sync(kFullMask, sum, offset);"
PADDED_GUARD = """int* __restrict__ argmax) {
    const int lane = threadIdx.x % kWarpSize;
    const int row = blockIdx.x * kWarpsPerBlock + threadIdx.x / kWarpSize;
    if (row """
SOLUTION = """    const unsigned int holders = __ballot_sync(kFullMask, live && value == best);
    argmaxLane = __ffs(static_cast<int>(holders)) - 1;
"""
BUTTERFLY_IN_BRANCH = """    if (live) {
        float bestValue = value;
        int bestLane = lane;
        for (int laneMask = kWarpSize / 2; laneMask > 0; laneMask /= 2) {
            const float otherValue = __shfl_xor_sync(liveMask, bestValue, laneMask);
            const int otherLane = __shfl_xor_sync(liveMask, bestLane, laneMask);
            if (otherValue > bestValue || (otherValue == bestValue && otherLane < bestLane)) {
                bestValue = otherValue;
                bestLane = otherLane;
            }
        }
        argmaxLane = bestLane;
    }
"""


def emulate_check(name, find, replace, check, regex, file="emulator/driver/rewrite.py"):
    """A mistake in emulator/emulate or the driver it builds with that
    tests/emulate.cmake's CHECK must catch."""
    return Plant(name, file, find, replace, expect_exit=[1], expect=[regex],
                 command="{cmake} -DEMULATE=emulator/emulate -DSOURCE_DIR={tree} -DCHECK=%s "
                         "-DWORK_DIR={tree}/emulate-work -P tests/emulate.cmake" % check)


def nvcc_check(name, file, find, replace, check, regex):
    """A mistake in emulator/nvcc's driver that tests/nvcc.cmake's CHECK must catch."""
    return Plant(name, file, find, replace, expect_exit=[1], expect=[regex], timeout=180,
                 command="{cmake} -DNVCC_DRIVER={tree}/emulator/nvcc -DSOURCE_DIR={tree} -DCHECK=%s "
                         "-DWORK_DIR={tree}/nvcc-work -P tests/nvcc.cmake" % check)


def runtime(name, file, find, replace, case):
    """A mistake in the emulator's runtime that makes the regression case fail."""
    return Plant(name, "emulator/runtime/" + file, find, replace, case=case)


PLANTS = [
    # shuffles.cu on the emulator: the suite's emulated report must fail.
    Plant("row_guard_off_by_one", "shuffles.cu", PADDED_GUARD + ">= rows) {", PADDED_GUARD + "> rows) {",
          EMULATED_REPORT,
          [r"INVALID ACCESS: kernel reduceRowsPadded, block \(1025,0,0\), thread \([0-9]+,0,0\): invalid read of 4 "
           r"bytes at shuffles\.cu:{line:const float value = live ? in[element] : kSumIdentity;}, to the 4 bytes "
           r"just past the end of the float\[262560\] from cudaMalloc"]),
    Plant("shared_without_syncwarp", "shuffles.cu",
          "        __syncwarp();\n    }\n\n    if (lane == 0) {\n        sums[row] = mySums[0];",
          "    }\n\n    if (lane == 0) {\n        sums[row] = mySums[0];",
          EMULATED_REPORT, [r"RACE: kernel reduceRowsShared"]),
    Plant("shared_lane_le_offset", "shuffles.cu", "if (lane < offset) {", "if (lane <= offset) {",
          EMULATED_REPORT, [r"RACE: kernel reduceRowsShared"]),
    # The page's first pitfall. The emulator names both waiting groups and their lines...
    Plant("ladder_inside_branch", "shuffles.cu", LADDER, LADDER_IN_BRANCH, EMULATE + " shuffles.cu",
          [r"RULE BROKEN: kernel reduceRowsPadded, block \(0,0,0\), warp 0: __shfl_down_sync\(0xffffffff, \.\.\., 16\) "
           r"at shuffles\.cu:{line:if (live) sum += __shfl_down_sync} was reached by lanes 0-19, but lanes 20-31, "
           r"named in its mask, never arrived: lanes 20-31 wait at __shfl_sync\(0xffffffff, \.\.\., 0\) at "
           r"shuffles\.cu:{line:const float rowSum = __shfl_sync(kFullMask, sum, 0);}"], [4]),
    # ... the picture drawn from its trace shows the reads of absent lanes (the committed one, none) ...
    Plant("lanes_picture_follows_the_code", "shuffles.cu", LADDER, LADDER_IN_BRANCH,
          "WARP_EMULATOR_TRACE=trace.jsonl WARP_EMULATOR_TRACE_KERNELS=reduceRowsPadded " + EMULATE +
          " shuffles.cu > /dev/null 2>&1; {python} tools/lanes/draw_lanes.py --out pictures trace.jsonl && "
          "echo \"committed: $(grep -c 'class=.undefined-read.' docs/lanes/padded-sum-ladder.svg), "
          "redrawn: $(grep -c 'class=.undefined-read.' pictures/padded-sum-ladder.svg)\"",
          [r"^committed: 0, redrawn: [1-9][0-9]*$"], [0]),
    # ... a GPU hangs (killed by timeout: 124) or gives wrong sums (1) ...
    Plant("ladder_inside_branch_on_gpu", "shuffles.cu", LADDER, LADDER_IN_BRANCH,
          "{nvcc} -std=c++17 -O3 -arch=native -o planted shuffles.cu && timeout 20 ./planted", [], [124, 1],
          label="gpu"),
    # ... and the exercise harness stops waiting for it and says why.
    Plant("exercise_harness_stops_a_hang", "shuffles.cu", LADDER, LADDER_IN_BRANCH,
          "{nvcc} -std=c++17 -O3 -arch=native -o planted tests/exercise.cu && timeout 30 ./planted",
          [r"has not finished after 5 s", r"emulator/emulate tests/exercise\.cu"], [5], label="gpu"),

    # The exercise, on the emulated harness (warnings as errors): each mistake
    # fails with its smallest failing row, and the harness says what the report makes of it.
    Plant("highest_lane_wins", "shuffles.cu", "__ffs(static_cast<int>(holders)) - 1",
          "31 - __clz(static_cast<int>(holders))", HARNESS_AND_REPORT,
          [r"standard case, argmax: 0 of 8205 rows wrong",
           r"tie case, argmax: [0-9]+ of 1024 rows wrong\n  smallest failing row: 0\n",
           r"FAILED on the tie case only", r"so emulator/emulate shuffles\.cu \(or the \./shuffles that emulator/nvcc "
           r"builds\)\n  passes this", r"harness exit 1",
           r"every gated kernel matched the CPU reference\nreport exit 66"], [0]),
    Plant("ffs_without_minus_one", "shuffles.cu", "__ffs(static_cast<int>(holders)) - 1",
          "__ffs(static_cast<int>(holders))", HARNESS,
          [r"standard case, argmax: [0-9]+ of 8205 rows wrong\n  smallest failing row: 0\n",
           r"FAILED on the standard case: .*\n  shown above\), so emulator/emulate shuffles\.cu"], [1]),
    # Dead lanes carry 0, which beats a negative max: tie row 3 is the first with one.
    Plant("max_without_identity", "shuffles.cu", "float best = live ? value : kMaxIdentity;", "float best = value;",
          HARNESS, [r"standard case, argmax: 0 of", r"tie case, argmax: [0-9]+ of 1024 rows wrong\n  smallest failing row: 3\n"],
          [1]),
    # "A large negative float": wrong on tie row 13, twenty -inf, where no lane holds the max.
    Plant("max_identity_flt_max", "shuffles.cu", "constexpr float kMaxIdentity = -INFINITY;",
          "constexpr float kMaxIdentity = -std::numeric_limits<float>::max();", HARNESS,
          [r"standard case, argmax: 0 of",
           r"tie case, argmax: [0-9]+ of 1024 rows wrong\n  smallest failing row: 13\n  expected: [-0-9]+\n  got:      -1\n"],
          [1]),
    Plant("solution_deleted", "shuffles.cu", SOLUTION, "", HARNESS_AND_REPORT,
          [r"standard case, argmax: 8205 of 8205 rows wrong\n",
           r"exercise: FAILED: argmax is -1 on every row: the exercise is not written yet\.\n[^\n]+\nharness exit 1\n",
           r"argmax disagrees with the reference on 8205 rows\n  argmax is -1 on every row: the exercise is not written yet",
           r"report exit 1"], [0]),
    # The mistake a new user makes, which only the emulator shows: every answer
    # right, and the reads of absent lanes fail it, the first named by lane and line.
    Plant("butterfly_inside_live", "shuffles.cu", SOLUTION, BUTTERFLY_IN_BRANCH, HARNESS,
          [r"standard case, argmax: 0 of 8205 rows wrong\n", r"tie case, argmax: 0 of 1024 rows wrong\n",
           r"standard case, the emulator's findings in your reduceRowsPadded: [0-9]+; the first:\n  kernel "
           r"reduceRowsPadded, block \(0,0,0\), warp 0: lane 4 read lane 20, which is not taking part, in "
           r"__shfl_xor_sync\(0x000fffff, \.\.\., 16\) at shuffles\.cu:"
           r"{line:const float otherValue = __shfl_xor_sync(liveMask, bestValue, laneMask);}",
           r"exercise: FAILED: the emulator found [0-9]+ problems"], [1]),

    # The width-8 variant, through the oracle on the emulator.
    Plant("broadcast_without_width", "bench/reduce_rows_width8.cuh", "__shfl_sync(kFullMask, sum, 0, kSegmentLanes)",
          "__shfl_sync(kFullMask, sum, 0)", EMULATE + " tests/oracle.cu 8205",
          [r"program input, --rows 8205, reduceRowsWidth8 sums: [0-9]+ of 8205 rows wrong\n  smallest failing row: 1\n"],
          [1]),
    Plant("butterfly_from_8", "bench/reduce_rows_width8.cuh",
          "for (int laneMask = kSegmentLanes / 2; laneMask > 0; laneMask /= 2)",
          "for (int laneMask = kSegmentLanes; laneMask > 0; laneMask /= 2)", EMULATE + " tests/oracle.cu 8205",
          [r"program input, --rows 8205, reduceRowsWidth8 maxes: [1-9][0-9]* of 8205 rows wrong\n"], [1]),

    # emulator/emulate, through tests/emulate.cmake.
    emulate_check("emulate_no_line_directive", "copy.write(line_directive(shown_name) + result)", "copy.write(result)",
                  "compile_error", r"the compiler's error does not name tests/emulate/compile_error\.cu:[0-9]+"),
    emulate_check("emulate_launches_in_strings", '    return "".join(code)', "    return text", "rewrites",
                  r"the launch in a string was rewritten"),
    emulate_check("emulate_includes_not_copied", "local_sources(candidate, shown, search_folders, found, provided)", "pass",
                  "rewrites", r"launchers/fill\.cuh:[0-9]+:[0-9]+: error"),
    emulate_check("emulate_option_values_in_one_word_only", "if argument in VALUE_OPTIONS:", "if False:", "arguments",
                  r"each option two words: expected exit 5", file="emulator/emulate"),
    emulate_check("emulate_lines_shifted", '(launch, launch + 3, ", "), (end, end + 3, ")")',
                  '(launch, launch + 3, ", "), (end, end + 3, ")\\n")', "rewrites",
                  r"__FILE__:__LINE__ is not tests/emulate/rewrites\.cu:[0-9]+"),
    # A runtime mistake that only a count of worker processes shows: emulate
    # builds the planted runtime itself, into the planted tree.
    Plant("owners_never_forgotten", "emulator/runtime/scheduling/block_workers.cpp",
          "if (BlockSharing::ownersMustBeForgotten(attempt)) {", "if (false) {",
          "env -u WARP_EMULATOR_LIBRARY WARP_EMULATOR_CACHE={tree}/emulator-cache {cmake} -DEMULATE=emulator/emulate "
          "-DSOURCE_DIR={tree} -DCHECK=owners_across_attempts -DWORK_DIR={tree}/emulate-work -P tests/emulate.cmake",
          [r"expected 68 worker processes and the program \(34 launches on 2 workers each\), got 67"], expect_exit=[1],
          timeout=600),

    # emulator/nvcc, through tests/nvcc.cmake.
    nvcc_check("nvcc_ptx_accepted", "emulator/driver/nvcc_command.py", '("-ptx", "--ptx", False, "refuse")',
               '("-ptx", "--ptx", False, "ignore")', "options", r"-ptx arch\.cu: expected exit 1"),
    nvcc_check("nvcc_toolkit_folder_kept", "emulator/driver/build.py",
               "            if is_toolkit_include(folder):\n                continue\n", "", "toolkit_headers",
               r"<cuda_fp8\.h> must be the emulator's one message"),
    nvcc_check("nvcc_libraries_after_runtime", "emulator/driver/build.py",
               "        arguments += [library] + toolchain.WRAPPED_CALLS",
               "        arguments[3:3] = [library]\n        arguments += toolchain.WRAPPED_CALLS", "separate",
               r"the link of main\.o with libscale\.a did not build"),
    nvcc_check("nvcc_arch_ignored", "emulator/driver/build.py",
               '"-DWARP_EMULATOR_ARCH=%d" % (self.command.compute_capability() * 10)', '"-DWARP_EMULATOR_ARCH=800"',
               "arch", r"with '-arch=sm_90': expected"),
    nvcc_check("nvcc_depfile_names_copies", "emulator/driver/build.py", '            depfile.write(text.replace(root, ""))',
               "            depfile.write(text)", "dependencies", r"the dependency file must name"),

    # emulator/emulate stopped by a signal: it exits as the program did, 128 + the signal.
    Plant("emulate_signals_status_lost", "emulator/driver/toolchain.py",
          "    status = process.returncode\n", "    status = 0\n",
          "{python} tests/emulate_signals.py emulator/emulate {tree} {tree}/signals-work",
          [r"emulate exited 0 after SIGTERM, expected 143"], [1]),

    # tests/plant.py's copy of the project takes no build folder (tests/plant_copies.py).
    Plant("plant_copies_build_folders", "tests/plant.py", 'or os.path.isfile(os.path.join(path, "CMakeCache.txt"))', "",
          "{python} tests/plant_copies.py {tree} {tree}/copies-work emulate_option_values_in_one_word_only "
          "case_runner_wrong_exit --var python={python} --var cmake={cmake} --var emulator_build={emulator_build}",
          [r"plant case_runner_wrong_exit: [^\n]*it holds the build folder out"], [1]),

    # The notebook shows the lane pictures it talks about (tools/notebook.py check): one removed must fail.
    Plant("notebook_without_pictures", "tools/notebook.py",
          '            cell["attachments"][name] = {"image/svg+xml": base64.b64encode((ROOT / path).read_bytes()).decode("ascii")}\n',
          "", "{python} tools/notebook.py generate planted.ipynb && {python} tools/notebook.py check planted.ipynb",
          [r"planted\.ipynb does not show docs/lanes/padded-sum-ladder\.svg, docs/lanes/ballot-down-undefined-reads\.svg"],
          [1]),

    # The case runner: an expected line lost, or a case exiting otherwise than its header says.
    Plant("case_runner_lost_line", "emulator/tests/own_bit_broken.stdout.exp", "lane 0: 0xbaadf00d",
          "lane 0: 0x00000000",
          "{python} emulator/tests/run_case.py {emulator_build}/emulator_case_own_bit_broken emulator/tests/own_bit_broken.cu",
          [r"differs from own_bit_broken\.stdout\.exp"], [1]),
    Plant("case_runner_wrong_exit", "emulator/tests/own_bit_legal.cu", "out.read());\n    return 0;",
          "out.read());\n    return 3;",
          EMULATE + " --keep planted-build emulator/tests/own_bit_legal.cu > /dev/null 2>&1; "
          "{python} emulator/tests/run_case.py {tree}/planted-build/bin/own_bit_legal emulator/tests/own_bit_legal.cu",
          [r"exit 3, expected 0"], [1]),

    # emulator/emulate's rewriting: the regression case no longer builds.
    Plant("builtin_names_not_renamed", "emulator/driver/rewrite.py", "    text, code = renamed_builtins(text, code)\n", "",
          EMULATE + " tests/emulate/builtin_index_names.cu", [r"error"]),
    Plant("shared_rows_not_rewritten", "emulator/driver/rewrite.py", "        if bounds:\n", "        if False:\n",
          EMULATE + " emulator/tests/dynamic_shared_rows_legal.cu", [r"error"]),

    # The emulator's runtime, compiled by the build: each regression case named must fail.
    runtime("own_bit_not_checked", "rules/warp_collectives.cpp", "if (uncalled != 0) {", "if (false) {", "own_bit_broken"),
    runtime("lanes_that_left_not_checked", "rules/warp_collectives.cpp", "    reportLanesThatLeft(warp, group, request);\n",
            "", "mask_mismatch_broken"),
    runtime("reads_of_absent_lanes_allowed", "rules/warp_collectives.cpp", "if (((named >> source) & 1u) == 0) {",
            "if (false) {", "undefined_read_broken"),
    runtime("match_all_gives_the_mask", "rules/warp_collectives.cpp", "(mine.allMatched ? named : 0u)",
            "(mine.allMatched ? request.mask : 0u)", "early_exit_legal"),
    runtime("exited_count_as_arrived", "rules/block_barrier.cpp", "state == State::Exited && thread.barriersPassed",
            "false && thread.barriersPassed", "barrier_early_return_broken"),
    # The scheduler's count of the threads at a plain __syncthreads() lets a
    # whole block through without asking each: a count blind to a second site
    # must not let two barriers pass as one.
    # A block's threads count threadIdx on from one to the next as it starts:
    # a carry into z that is lost gives every thread of z > 0 the index of z 0.
    runtime("thread_index_never_carries_into_z", "scheduling/scheduler.cpp", "++index.z;", ";", "thread_index_3d_legal"),
    runtime("barrier_count_blind_to_sites", "scheduling/scheduler.cpp", "syncThreadsAtOneSite_ = false;", ";",
            "barrier_branches_broken"),
    # The switch keeps each thread's floating-point control only once a call
    # of <cfenv> has changed it: a change it does not hear of is lost.
    # A launch gives the host thread back its floating-point state: kept
    # by nothing, the exception flags its threads raised are the host's.
    runtime("host_floating_point_state_unkept", "scheduling/launch.cpp",
            "    const HostFloatingPointState hostFloatingPoint;\n", "", "floating_point_state_per_launch_legal"),
    runtime("rounding_change_unheard", "scheduling/floating_point_control.cpp",
            "    warp_emulator::Fibers::floatingPointControlChanges();\n    return __real_fesetround(mode);",
            "    return __real_fesetround(mode);", "floating_point_control_legal"),
    runtime("past_the_end_unchecked", "checks/memcheck.cpp",
            "        if (allocation == nullptr) {\n            invalid(access, outsideAllocations(access), cudaErrorIllegalAddress);",
            "        if (allocation == nullptr) {\n            return place;", "oob_global_read_broken"),
    runtime("freed_memory_unchecked", "checks/memcheck.cpp", "        if (!allocation->live) {", "        if (false) {",
            "use_after_free_broken"),
    runtime("shared_bounds_unchecked", "checks/memcheck.cpp",
            "if (variable == nullptr || at + access.bytes > variable->start + variable->bytes) {", "if (false) {",
            "oob_shared_broken"),
    # The commonest access's own path (memory_checks.cpp's commonAccess()):
    # a read it takes without asking whether the bytes are defined, and a
    # race check it skips, each go unseen.
    runtime("common_access_reads_undefined", "checks/memory_checks.cpp", "(!IsWrite && !InitCheck::allDefined(place))",
            "false", "uninitialised_shared_broken"),
    runtime("common_access_unraced", "checks/memory_checks.cpp", "if (!raceCheck.plainAccessDone(",
            "if (false && !raceCheck.plainAccessDone(", "race_float_tile_broken"),
    # A barrier of a block whose threads know nothing beyond their barriers
    # (its own loop) that leaves each thread's last epoch before it unordered
    # makes legal code a race; one that forgets a strong read before it
    # leaves the Programming Guide's last-block reduction with plain partial
    # sums, which that barrier makes legal, a race too.
    runtime("barrier_epochs_one_behind", "checks/happens_before.cpp",
            "            clock->epochAfterBarrier = ++clock->epoch;\n        }\n        return;",
            "            clock->epochAfterBarrier = clock->epoch++;\n        }\n        return;", "race_float_tile_legal"),
    runtime("barrier_forgets_strong_reads", "checks/happens_before.cpp",
            "    clock.pendingAcquires.push_back({found->second, length, 0, Scope::Device});\n    beyondBarriers_ = true;",
            "    clock.pendingAcquires.push_back({found->second, length, 0, Scope::Device});", "barrier_completes_acquire_legal"),
    runtime("uninitialised_reads_unchecked", "checks/initcheck.cpp", "    if (undefined == 0) {", "    if (true) {",
            "uninitialised_global_broken"),
    runtime("barrier_orders_nothing", "rules/block_barrier.cpp", "    scheduler_.happensBefore.barrier(arrived);", "",
            "race_float_tile_legal"),
    runtime("syncwarp_orders_nothing", "rules/warp_collectives.cpp", "    scheduler_.happensBefore.syncwarp(clocks, lanes);",
            "", "shuffle_orders_no_memory_legal"),
    runtime("fences_order_nothing", "checks/memory_checks.cpp",
            "    scheduler.happensBefore.fence(scheduler.currentClock(), scope);", "", "threadfence_reduction_legal"),
    runtime("atomics_order_memory", "checks/memory_checks.cpp",
            "    RaceCheck::get().access(*place, access, wrote, isCas);\n",
            "    fence(Scope::Device);\n    RaceCheck::get().access(*place, access, wrote, isCas);\n    fence(Scope::Device);\n",
            "lock_without_acquire_fence_broken"),
    # A strong access that replaces a plain one loses it for the atomics after it (checks/racecheck.cpp).
    runtime("own_atomic_hides_plain_store", "checks/racecheck.cpp",
            "return strong && earlier.thread != 0 && !isStrong(earlier);", "return false;",
            "race_init_then_own_atomic_broken"),
    runtime("own_atomic_hides_plain_read", "checks/racecheck.cpp",
            "(granule.read.bytes & ~current.bytes) != 0 || keptBeside(granule.read)",
            "(granule.read.bytes & ~current.bytes) != 0", "race_read_then_own_atomic_broken"),
    runtime("own_volatile_read_hides_plain_read", "checks/racecheck.cpp",
            "if (!replaces || keptBeside(last)) {", "if (!replaces) {", "race_read_then_own_atomic_broken"),
    runtime("volatile_pairs_race", "checks/racecheck.cpp", "!earlier.release && !current.release", "true",
            "volatile_flag_fenced_counted_legal"),
    runtime("volatile_flag_taken_as_published", "checks/racecheck.cpp", "publishedStore(earlier)) {", "true) {",
            "volatile_stop_flag_legal"),
    runtime("spins_never_give_way", "scheduling/scheduler.cpp", "    if (++spinCount_ >= kSpinAccesses) {", "    if (false) {",
            "spin_without_sleep_legal"),
    # How a race is said (checks/race_reports.cpp): the fix it names, and what it says first.
    runtime("read_modify_write_said_as_any_race", "checks/race_reports.cpp",
            '        readModifyWrites_.insert(lineOf(current.site) + "|" + record.memory.object);\n', "",
            "race_histogram_broken"),
    runtime("allocation_line_not_said", "checks/race_reports.cpp",
            '(record.memory.allocatedAt.empty() ? "" : ". " + capitalised(record.memory.allocatedAt))', '""',
            "race_histogram_broken"),
    runtime("closest_pair_named", "checks/race_reports.cpp", "if (record.pairing > kept.pairing) {", "if (false) {",
            "race_tile_neighbour_broken"),
    runtime("uninitialised_read_said_before_its_race", "checks/race_reports.cpp",
            "            report.causedBy(record.readSite, key);\n", "", "race_tile_neighbour_broken"),
    runtime("cas_loop_reads_fail_the_run", "checks/racecheck.cpp", "if (checkedLines.count(lineOf(read.site)) != 0) {",
            "if (false) {", "atomic_cas_early_exit_legal"),
    # A launch on several workers (scheduling/block_workers.cpp): gathered, undone, written back.
    runtime("workers_print_no_output", "scheduling/block_workers.cpp",
            "            std::fwrite(fragment.second.data(), 1, fragment.second.size(), stdout);\n", "",
            "blocks_report_in_order_broken"),
    runtime("workers_undo_nothing", "scheduling/block_workers.cpp",
            "            BlockSharing::undo(*reinterpret_cast<const UndoLog*>(undoLogs + w * undoBytes));", "",
            "blocks_share_a_counter_legal"),
    runtime("workers_keep_their_writes", "scheduling/block_workers.cpp",
            "            std::memcpy(reinterpret_cast<void*>(granule), &bytes, sizeof bytes);", "",
            "blocks_write_device_variable_legal"),
    runtime("copies_carry_no_definedness", "checks/initcheck.cpp", "if (undefined != place.bytes && written.waiting",
            "if (false && written.waiting", "struct_copy_legal"),
    # Textures and surfaces (device/textures.cpp, texture_sampling.cpp, and racecheck's rule for them).
    runtime("texture_fetches_ordered", "checks/racecheck.cpp",
            "    if (outsideMemoryModel(earlier) || outsideMemoryModel(current)) {",
            "    if (isReadOnlyCache(earlier) || isReadOnlyCache(current)) {", "texture_after_write_broken"),
    runtime("texture_own_writes_ignored", "checks/racecheck.cpp", "        if (earlier.isWrite && isTextureRead(current)) {",
            "        if (false) {", "texture_own_write_broken"),
    runtime("destroyed_textures_fetched", "device/textures.cpp",
            "    if (object != nullptr && object->isSurface == surface && object->live) {",
            "    if (object != nullptr && object->isSurface == surface) {", "texture_destroyed_broken"),
    runtime("linear_textures_unbounded", "device/textures.cpp",
            "arrayTexels_ != nullptr ? arrayPlace(address, bytes) : MemCheck::locate(access_);",
            "arrayTexels_ != nullptr ? arrayPlace(address, bytes) : Place{};", "texture_past_allocation_broken"),
    runtime("texels_taken_as_defined", "device/textures.cpp", "                if (place.defined[i] != kDefined) {",
            "                if (false) {", "texture_uninitialised_broken"),
    runtime("surface_traps_ignored", "device/textures.cpp", "    if (outside && traps) {", "    if (false) {",
            "surface_trap_broken"),
    runtime("surface_alignment_unchecked", "device/textures.cpp", "    if (x % bytes != 0) {", "    if (false) {",
            "surface_x_in_elements_broken"),
    runtime("surface_writes_define_nothing", "device/textures.cpp", "        std::memset(place.defined, kDefined, request.bytes);\n",
            "", "surface_legal"),
    runtime("linear_filter_unshifted", "device/texture_sampling.cpp", "    fixed -= 128;",
            "    fixed -= 0;", "texture_filtering_legal"),
    # Cooperative groups, cuda::barrier and cuda::pipeline.
    runtime("group_collectives_read_exited_lanes", "rules/warp_collectives.cpp", "    if (absent == 0 && !forced) {",
            "    if (true) {", "cg_reduce_broken"),
    runtime("tile_calls_go_without_their_threads", "rules/tile_barrier.cpp",
            "        const bool everyThreadCame = missing.empty();", "        const bool everyThreadCame = true;",
            "cg_multi_warp_tile_broken"),
    runtime("grid_barrier_orders_nothing", "rules/grid_barrier.cpp", "    MemoryChecks::gridBarrier();\n", "",
            "cg_grid_sync_legal"),
    runtime("blocks_may_leave_the_grid_barrier", "rules/grid_barrier.cpp", "        if (!blocksThatLeft.empty()) {",
            "        if (false) {", "cg_grid_exit_broken"),
    runtime("grid_sync_needs_no_cooperative_launch", "device/group_calls.cpp", "    if (!scheduler.cooperative) {",
            "    if (false) {", "cg_grid_sync_broken"),
    runtime("cooperative_grids_of_any_size", "api/cooperative_launch.cpp",
            "            return api().answer(cudaErrorCooperativeLaunchTooLarge);", "            ;", "cg_grid_sync_legal"),
    runtime("copies_in_flight_unchecked", "checks/memory_checks.cpp", "    if (asyncCopiesInFlight != 0) {",
            "    if (false) {", "cuda_pipeline_broken"),
    runtime("copies_land_when_issued", "checks/async_copies.cpp",
            "    Batches& mine = threads_[Scheduler::instance().currentGridThread()];\n    mine.committed.push_back(",
            "    Batches& mine = threads_[Scheduler::instance().currentGridThread()];\n    landAll(mine.open);\n"
            "    mine.committed.push_back(", "cg_memcpy_async_broken"),
    runtime("barrier_phases_order_nothing", "rules/arrive_wait_barrier.cpp",
            "        scheduler_.happensBefore.acquire(scheduler_.currentClock(), found->second);", "",
            "cuda_barrier_legal"),
    runtime("barrier_arrivals_before_init_unchecked", "rules/arrive_wait_barrier.cpp",
            "    if (!afterInit && !barrier->initRaceReported) {",
            "    if (false) {", "cuda_barrier_broken"),
    runtime("barrier_waits_left_stuck_silently", "rules/arrive_wait_barrier.cpp",
            "        scheduler_.report.ruleBroken(text + \". A phase completes",
            "        (void)(text + \". A phase completes", "cuda_barrier_broken"),
    runtime("compiler_guards_checked", "checks/memcheck.cpp", "if (SymbolTable::get().isCompilerGuard(at)) {",
            "if (false) {", "half_shuffle_legal"),
    runtime("wmma_arguments_unchecked", "rules/warp_matrix.cpp", "if (passed.size() == 1) {", "if (true) {",
            "wmma_pointer_mismatch_broken"),
    runtime("wmma_alignment_unchecked", "rules/warp_matrix.cpp", "    if (wrong.empty()) {", "    if (true) {",
            "wmma_misaligned_broken"),
    runtime("wmma_exited_lanes_allowed", "rules/warp_matrix.cpp", "    if (exited != 0) {", "    if (false) {",
            "wmma_exited_lane_broken"),
    runtime("wmma_elements_unchecked", "rules/warp_matrix.cpp",
            "        MemoryChecks::kernelAccess({address, bytes, isWrite, AccessKind::Plain, Scope::Device, site, true});\n",
            "", "wmma_out_of_bounds_broken"),
    runtime("wmma_product_transposed", "rules/warp_matrix.cpp", "right = static_cast<size_t>(i * n + column);",
            "right = static_cast<size_t>(column * k + i);", "wmma_legal"),
    runtime("half_atomics_add_integers", "device/kernel_entry.cpp",
            "sum |= static_cast<std::uint64_t>(half::add<Format>(a, b)) << (16 * part);",
            "sum |= static_cast<std::uint64_t>(static_cast<std::uint16_t>(a + b)) << (16 * part);",
            "half_atomic_legal"),

    # The runtime API's checks: graphs, stream capture, graph memory, host
    # memory a kernel reaches, inline PTX.
    runtime("graph_nodes_never_conflict", "checks/graph_races.cpp",
            "        if (pair.first.firstOverlap(pair.second, &found->start, &found->end)) {", "        if (false) {",
            "graph_race_broken"),
    runtime("own_streams_run_at_once", "api/stream_work.cpp",
            "            queued_ = capture_ == nullptr && refusal_ == cudaSuccess;", "            queued_ = false;",
            "stream_latch_legal"),
    runtime("captured_work_unordered", "api/capture.cpp", "    capture.last.assign(1, node);\n", "",
            "graph_capture_legal"),
    runtime("graph_free_node_frees_nothing", "api/graph_launch.cpp",
            "return DeviceMemory::instance().release(node.freed, node.origin) ? cudaSuccess : cudaErrorInvalidValue;",
            "return cudaSuccess;", "graph_memory_broken"),
    runtime("unregistered_host_memory_reachable", "checks/memcheck.cpp", "            if (!registered->live) {",
            "            if (false) {", "host_register_broken"),
    runtime("lanemask_lt_is_own_lane", "device/special_registers.cpp", "case SpecialRegister::LaneMaskLt: return below;",
            "case SpecialRegister::LaneMaskLt: return own;", "inline_ptx_legal"),
    # The video instructions: a signed average rounded as unsigned ones are,
    # stereoDisparity's accumulate without its c, a selector read as its default.
    runtime("video_average_rounds_negatives_up", "device/video_instructions.cpp",
            "return sum >= 0 ? (sum + 1) / 2 : (sum - 1) / 2;", "return (sum + 1) / 2;", "ptx_simd_video_legal"),
    runtime("video_accumulate_drops_c", "device/video_instructions.cpp",
            "static_cast<std::uint64_t>(c) + static_cast<std::uint64_t>(sum)", "static_cast<std::uint64_t>(sum)",
            "ptx_simd_video_legal"),
    Plant("emulate_video_selectors_ignored", "emulator/driver/rewrite.py", "    return int(selector[1:], 16)\n",
          "    return default\n", expect_exit=[1], expect=[r"FAIL: asm volatile\(\"vadd2\.s32\.s32\.u32\.sat"],
          command="{python} tests/inline_ptx_rewrites.py"),
    # The samples table takes a cut run's estimate from its last progress line, which knows most.
    Plant("samples_estimate_from_first_line", "tools/cuda_samples.py", "    last = lines[-1]\n", "    last = lines[0]\n",
          expect_exit=[1], expect=[r"FAIL: .*1 h 23 min"], command="{python} tests/samples_estimates.py"),
    # The device heap (memory/device_heap.cpp): its blocks born undefined, its frees, its workers.
    # (Bounds: emulate_heap_write_past_row; the double free stops device_heap_broken before its write past a row.)
    runtime("heap_blocks_born_defined", "memory/device_memory.cpp",
            "    zeroed(allocation.defined, bytes, true);\n    std::memset(start, 0xff, bytes);",
            "    std::memset(allocation.defined, 1, bytes);\n    std::memset(start, 0xff, bytes);", "device_heap_broken"),
    runtime("workers_leave_child_signals_blocked", "scheduling/block_workers.cpp",
            "    sigprocmask(SIG_SETMASK, &programMask, nullptr);\n    sigaction(SIGCHLD, &programs, nullptr);",
            "    sigaction(SIGCHLD, &programs, nullptr);", "blocks_keep_program_signals_legal"),
    runtime("device_copies_carry_never_written", "checks/initcheck.cpp",
            "        target[i] = target[i] == kDefined ? kDefined : kCopiedUndefined;",
            "        target[i] = target[i];", "memcpy_unwritten_device_to_device_broken"),
    # Each check's bit of wholeCheckReasons (whole_check.hpp): unset, its
    # state's accesses take the common path, which does not look for it.
    runtime("async_copies_unflagged", "checks/async_copies.cpp", "    needWholeCheck(kAsyncCopyInFlight, true);\n", "",
            "cuda_pipeline_broken"),
    runtime("graph_recording_unflagged", "checks/graph_races.cpp", "    needWholeCheck(kGraphNodeRecording, true);\n", "",
            "graph_race_broken"),
    runtime("waiting_read_unflagged", "checks/initcheck.cpp", "    setReadWaits(true);\n", "    readWaits_ = true;\n",
            "int_copy_half_written_legal"),
    runtime("copies_skip_wholly_defined", "checks/initcheck.cpp",
            "    spellOut(*allocation);\n    return allocation->definedAt(", "    return nullptr;\n    return allocation->definedAt(",
            "struct_copy_over_memset_broken"),
    runtime("workers_spell_out_definedness", "checks/initcheck.cpp",
            "    if (BlockWorkers::inWorker()) {\n        BlockWorkers::giveUp();\n    }\n", "",
            "struct_copy_over_memset_broken"),
    runtime("bad_frees_unreported", "memory/device_heap.cpp", "        badFree(pointer, allocation, call, site);\n", "",
            "device_heap_broken"),
    runtime("workers_allocate_from_the_heap", "memory/device_heap.cpp", "        BlockWorkers::giveUp();\n", "",
            "device_heap_legal"),
    Plant("emulate_inline_ptx_left_to_the_assembler", "emulator/driver/rewrite.py",
          "\n             + asm_edits(text, code))", ")",
          expect_exit=[1], expect=[r"no message naming the PTX statement"],
          command="{cmake} -DEMULATE=emulator/emulate -DSOURCE_DIR={tree} -DCHECK=inline_ptx "
                  "-DWORK_DIR={tree}/emulate-work -P tests/emulate.cmake"),
]
