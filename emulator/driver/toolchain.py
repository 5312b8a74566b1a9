"""The host compiler, the options that make its ThreadSanitizer
instrumentation the emulator's hooks, and the emulator's runtime library,
built once per compiler and per version of its sources into a cache.

A kernel's code is compiled with -fsanitize=thread, so that every load and
store calls a hook of the runtime (runtime/checks/access_hooks.cpp); the
runtime library itself is never instrumented, and the program is linked
without ThreadSanitizer's own runtime.
"""

import concurrent.futures
import contextlib
import fcntl
import hashlib
import os
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile

EMULATOR_DIR = os.path.dirname(os.path.dirname(os.path.realpath(__file__)))
INCLUDE_DIR = os.path.join(EMULATOR_DIR, "include")
UNSUPPORTED_DIR = os.path.join(INCLUDE_DIR, "unsupported")
RUNTIME_DIR = os.path.join(EMULATOR_DIR, "runtime")
OWN_ERROR = 125  # as env(1) and timeout(1) report their own failures

# What every program is compiled with, before the learner's options: the
# emulator's runtime reads the kernel's lines from -g1's debug information.
BASE_FLAGS = ["-g1"]
LIBRARY_FLAGS = ["-std=c++17", "-O2", "-g1"]
# The C library's calls that GCC leaves to ThreadSanitizer's runtime to
# intercept: the runtime library checks them instead (runtime/device/string_calls.cpp);
# and those a kernel's printf becomes, which a worker process keeps for its
# block (runtime/device/device_output.cpp), and the host's waits, at which the
# work queued on the program's streams runs (runtime/api/host_waits.cpp); and
# malloc, free and every operator new and delete (their mangled names), which
# a kernel's code takes to the device heap (runtime/device/heap_calls.cpp);
# and the calls of <cfenv> that change the floating-point control, after which
# each switch between threads keeps it (runtime/scheduling/floating_point_control.cpp).
WRAPPED_CALLS = ["-Wl,--wrap=memcpy,--wrap=memmove,--wrap=memset,--wrap=printf,--wrap=vprintf,--wrap=puts,"
                 "--wrap=putchar,--wrap=fputs,--wrap=fputc,--wrap=fwrite",
                 "-Wl,--wrap=pthread_cond_wait,--wrap=pthread_cond_timedwait,--wrap=pthread_join,--wrap=pthread_barrier_wait,--wrap=sem_wait,--wrap=sem_timedwait,--wrap=nanosleep,--wrap=usleep,--wrap=sleep",
                 "-Wl,--wrap=malloc,--wrap=calloc,--wrap=free",
                 "-Wl,--wrap=_Znwm,--wrap=_Znam,--wrap=_ZnwmRKSt9nothrow_t,--wrap=_ZnamRKSt9nothrow_t,"
                 "--wrap=_ZnwmSt11align_val_t,--wrap=_ZnamSt11align_val_t,"
                 "--wrap=_ZnwmSt11align_val_tRKSt9nothrow_t,--wrap=_ZnamSt11align_val_tRKSt9nothrow_t",
                 "-Wl,--wrap=_ZdlPv,--wrap=_ZdaPv,--wrap=_ZdlPvm,--wrap=_ZdaPvm,"
                 "--wrap=_ZdlPvSt11align_val_t,--wrap=_ZdaPvSt11align_val_t,"
                 "--wrap=_ZdlPvmSt11align_val_t,--wrap=_ZdaPvmSt11align_val_t,"
                 "--wrap=_ZdlPvRKSt9nothrow_t,--wrap=_ZdaPvRKSt9nothrow_t,"
                 "--wrap=_ZdlPvSt11align_val_tRKSt9nothrow_t,--wrap=_ZdaPvSt11align_val_tRKSt9nothrow_t",
                 "-Wl,--wrap=fesetround,--wrap=fesetenv,--wrap=feupdateenv,--wrap=feholdexcept,--wrap=feenableexcept,"
                 "--wrap=fedisableexcept"]
# Every .cu file sees what nvcc gives it: the CUDA macros, and cuda_runtime.h
# included first (include/warp_emulator/cuda_source.hpp).
CUDA_SOURCE_HEADER = "warp_emulator/cuda_source.hpp"


class ToolError(Exception):
    """An error of the driver's own, said in one line."""


def fail(program, message):
    print("%s: %s" % (program, message), file=sys.stderr)
    sys.exit(OWN_ERROR)


def compiler(override=None):
    """The host compiler: -ccbin's, else $CXX, else g++."""
    return shlex.split(override or os.environ.get("CXX") or "g++")


def compiler_version(command):
    try:
        return subprocess.run(command + ["--version"], capture_output=True, text=True, check=False).stdout
    except OSError as error:
        raise ToolError("cannot run %s: %s" % (command[0], error.strerror))


def is_clang(command):
    return "clang" in compiler_version(command)


def instrumentation(command):
    """-fsanitize=thread, and the options that make its hooks what the
    emulator needs (runtime/checks/access_hooks.cpp): no calls at function
    entry and exit, volatile accesses told apart, (clang) the read of a
    read-modify-write kept, no tail calls, so that a memcpy a kernel ends
    with returns to the kernel's line, and no _FORTIFY_SOURCE (on by default
    on Ubuntu), whose inline wrappers would put that line in a system header
    (runtime/device/string_calls.cpp). And (GCC) memset no built-in: GCC
    writes a memset of a constant size as stores after its instrumentation
    has run, so that they would reach no hook; as a call, the link's wrap
    checks it (a memcpy's stores it instruments)."""
    if is_clang(command):
        return ["-fsanitize=thread", "-fno-optimize-sibling-calls", "-U_FORTIFY_SOURCE",
                "-mllvm", "-tsan-instrument-func-entry-exit=0", "-mllvm", "-tsan-distinguish-volatile=1",
                "-mllvm", "-tsan-compound-read-before-write=1"]
    return ["-fsanitize=thread", "-fno-optimize-sibling-calls", "-U_FORTIFY_SOURCE",
            "--param=tsan-instrument-func-entry-exit=0", "--param=tsan-distinguish-volatile=1",
            "-Wno-tsan", "-fno-builtin-memset"]


def source_files(folder, suffixes):
    """Every file under `folder` whose name ends with one of `suffixes`, sorted."""
    found = []
    for root, folders, names in os.walk(folder):
        folders.sort()
        for name in sorted(names):
            if name.endswith(suffixes):
                found.append(os.path.join(root, name))
    return found


def runtime_library(command, program="emulate"):
    """The runtime library, built once for this compiler and these sources in
    the cache, or the one $WARP_EMULATOR_LIBRARY names."""
    given = os.environ.get("WARP_EMULATOR_LIBRARY")
    if given:
        if not os.path.isfile(given):
            raise ToolError("WARP_EMULATOR_LIBRARY=%s: no such file" % given)
        return given
    digest = hashlib.sha256()
    digest.update(compiler_version(command).encode())
    digest.update(" ".join(command + LIBRARY_FLAGS).encode())
    for path in source_files(RUNTIME_DIR, (".cpp", ".hpp")) + source_files(INCLUDE_DIR, ("",)):
        with open(path, "rb") as source:
            digest.update(os.path.relpath(path, EMULATOR_DIR).encode() + b"\0" + source.read())
    cache = os.environ.get("WARP_EMULATOR_CACHE") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache"), "warp-emulator")
    folder = os.path.join(cache, digest.hexdigest()[:16])
    library = os.path.join(folder, "libwarp_emulator.a")
    if os.path.isfile(library):
        return library
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # another build may be making it now
        if os.path.isfile(library):
            return library
        print("%s: building the emulator's runtime library once, into %s" % (program, folder), file=sys.stderr)
        sources = source_files(RUNTIME_DIR, (".cpp",))
        objects = [os.path.join(folder, os.path.relpath(source, RUNTIME_DIR).replace(os.sep, "_")[:-4] + ".o")
                   for source in sources]

        def build(pair):
            source, output = pair
            return subprocess.run(command + LIBRARY_FLAGS + ["-I", RUNTIME_DIR, "-I", INCLUDE_DIR, "-c", "-o", output,
                                                             source]).returncode

        with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
            if any(status != 0 for status in pool.map(build, zip(sources, objects))):
                raise ToolError("the emulator's runtime library did not build with %s" % " ".join(command))
        partial = library + ".partial"
        if subprocess.run(["ar", "rcs", partial] + objects).returncode != 0:
            raise ToolError("ar could not make %s" % library)
        os.replace(partial, library)
    return library


class Interrupted(Exception):
    """SIGINT, SIGTERM or SIGHUP reached the driver; `status` is the exit
    status of the program it was running then, or None."""

    def __init__(self, number, status=None):
        super().__init__(number)
        self.number = number
        self.status = status

    def exit_status(self):
        return self.status if self.status is not None else 128 + self.number


def _interrupted(number, _frame):
    raise Interrupted(number)


STOPPING_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)


def _unblock_stopping_signals():
    signal.pthread_sigmask(signal.SIG_UNBLOCK, STOPPING_SIGNALS)


@contextlib.contextmanager
def temporary_folder(prefix):
    """A folder of the driver's own, removed however the driver ends: done,
    failed, or stopped by Ctrl-C, timeout(1) or a closed terminal."""
    previous = {number: signal.signal(number, _interrupted) for number in STOPPING_SIGNALS}
    path = tempfile.mkdtemp(prefix=prefix)
    try:
        yield path
    finally:
        shutil.rmtree(path, ignore_errors=True)
        for number, handler in previous.items():
            signal.signal(number, handler)


# How often run() looks whether its command has ended, between signals.
POLL_SECONDS = 0.01


def run(command, argv0=None):
    """Runs command and returns its exit status, a signal N as 128+N. A
    stopping signal the driver gets goes on to the command; once it has
    ended, the driver stops too (Interrupted, with the command's status)."""
    # The stopping signals stay blocked while the command starts and runs,
    # and are taken here one at a time (sigtimedwait), never by a handler. A
    # handler that ran inside Popen, after the fork, stopped the driver before
    # it knew the command to pass the signal on to, and the command ran on,
    # orphaned; one that ran inside wait(), after the command was reaped but
    # before its status was kept, lost the status (wait() then said 0). The
    # command itself starts with them unblocked.
    signal.pthread_sigmask(signal.SIG_BLOCK, STOPPING_SIGNALS)
    stopped = None
    try:
        try:
            process = subprocess.Popen([argv0 or command[0]] + command[1:], executable=command[0],
                                       preexec_fn=_unblock_stopping_signals)
        except OSError as error:
            raise ToolError("cannot run %s: %s" % (command[0], error.strerror))
        while True:
            ended = process.poll() is not None
            taken = signal.sigtimedwait(STOPPING_SIGNALS, 0 if ended else POLL_SECONDS)
            if taken is not None:
                stopped = taken.si_signo
                # Ctrl-C reaches the whole foreground process group, the command
                # too; timeout(1) and a closed terminal signal the driver alone.
                if stopped != signal.SIGINT and process.poll() is None:
                    process.send_signal(stopped)
            elif ended:
                break
    finally:
        _unblock_stopping_signals()
    status = process.returncode
    status = 128 - status if status < 0 else status
    if stopped is not None:
        raise Interrupted(stopped, status)
    return status
