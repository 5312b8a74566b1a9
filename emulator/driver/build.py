"""The build of a program for the emulator, from nvcc's command line
(nvcc_command.Command): each .cu file rewritten (rewrite.py) and compiled as
C++ with the instrumentation, each .cpp and .c file compiled as host code
with the emulator's headers, and the objects linked with the emulator's
runtime library. emulator/nvcc and emulator/emulate both build this way.
"""

import os
import shlex
import subprocess
import sys

from . import not_emulated, rewrite, toolchain
from .toolchain import ToolError

# The compiler's own defaults where nvcc's command line says nothing: the
# kernels are host code here, and unoptimised host code would make them slow.
DEFAULT_OPTIMIZE = "2"


def is_toolkit_include(folder):
    """Whether `folder` is a CUDA Toolkit's include folder, whose headers the
    emulator's own stand in for (they must never mix)."""
    return os.path.isfile(os.path.join(folder, "cuda_runtime_api.h")) and os.path.isdir(
        os.path.join(folder, "crt")) and os.path.realpath(folder) != os.path.realpath(toolchain.INCLUDE_DIR)


class Build:
    def __init__(self, command, work, program="nvcc", extra_search=()):
        self.command = command
        self.work = work
        self.program = program
        self.compiler = toolchain.compiler(command.host_compiler)
        # Folders a .cu file's includes are looked for in, beyond the including
        # file's own: the -I folders (emulate adds the file's own folder).
        self.extra_search = list(extra_search)
        self.units = 0

    # -- the options --------------------------------------------------------

    def include_options(self, copies_root=None):
        """The emulator's headers first, then the learner's folders, each after
        its copy where the rewriting copied headers out of it."""
        options = ["-I", toolchain.INCLUDE_DIR]
        for flag, folder in [("-I", f) for f in self.extra_search] + self.command.include_dirs:
            if is_toolkit_include(folder):
                continue
            if copies_root is not None:
                copied = rewrite.copy_path(copies_root, os.path.realpath(folder))
                if os.path.isdir(copied):
                    options += [flag, copied]
            options += [flag, folder]
        # The Toolkit's headers that the emulator does not emulate, each a plain
        # message: after the learner's folders, before the system's (where a
        # Toolkit's headers may lie, as in /usr/local/include).
        return options + ["-isystem", toolchain.UNSUPPORTED_DIR]

    def language_options(self, language):
        command = self.command
        options = list(toolchain.BASE_FLAGS)
        if language != "c":
            options.append("-std=" + (command.standard or "c++17"))
        optimize = "0" if command.device_debug else command.optimize or DEFAULT_OPTIMIZE
        options.append("-O" + optimize)
        if command.debug or command.device_debug:
            options.append("-g")
        if command.shared:
            options.append("-fPIC")
        if command.warnings_as_errors:
            options.append("-Werror")
        options.append("-D__NVCC__")
        options += command.macros
        for header in command.pre_includes:
            options += ["-include", header]
        return options

    def cuda_options(self):
        """What nvcc gives every .cu file (include/warp_emulator/cuda_source.hpp)."""
        return ["-DWARP_EMULATOR_ARCH=%d" % (self.command.compute_capability() * 10),
                "-include", toolchain.CUDA_SOURCE_HEADER]

    def user_options(self):
        return self.command.host_options + shlex.split(os.environ.get("EMULATE_CXXFLAGS", ""))

    # -- the steps ----------------------------------------------------------

    def execute(self, arguments):
        if self.command.verbose or self.command.dry_run:
            print("#$ " + " ".join(shlex.quote(a) for a in arguments), file=sys.stderr)
        if self.command.dry_run:
            return 0
        return toolchain.run(arguments)

    def rewrite_unit(self, source):
        """The rewritten copy of `source` and its headers, in a folder of this
        compilation's own; returns (copy, copies' root, every original read)."""
        self.units += 1
        # The first file's copies in work/src, any other's in work/unitN/src.
        root = os.path.join(self.work, "src" if self.units == 1 else "unit%d/src" % self.units)
        real_source = os.path.realpath(source)
        if not os.path.isfile(real_source):
            raise ToolError("%s: no such file" % source)
        search = [(os.path.realpath(folder), folder) for folder in self.extra_search]
        search += [(os.path.realpath(folder), folder) for _, folder in self.command.include_dirs
                   if not is_toolkit_include(folder)]
        found = []
        rewrite.local_sources(real_source, source, search, found, provided=(toolchain.INCLUDE_DIR,))
        try:
            rewrite.write_copies(found, root)
        except rewrite.RewriteError as error:
            raise ToolError(str(error))
        return rewrite.copy_path(root, real_source), root, [entry[0] for entry in found]

    def compile(self, source, language, output):
        """One input compiled into the object `output`; returns the compiler's status."""
        if language == "cu":
            copy, root, originals = self.rewrite_unit(source)
            arguments = (self.compiler + self.language_options("cu") + toolchain.instrumentation(self.compiler)
                         + self.cuda_options() + self.user_options() + self.include_options(root)
                         + self.command.dependency_options + ["-x", "c++", "-c", "-o", output, copy])
            status = self.execute(arguments)
            if status == 0:
                self.fix_dependency_file(output, root)
            elif not self.command.dry_run:
                not_emulated.explain(originals, toolchain.INCLUDE_DIR, self.program)
            return status
        # Host code, with the emulator's headers and its hooks, so that a host
        # access to device memory is caught there too.
        arguments = (self.compiler + self.language_options(language) + toolchain.instrumentation(self.compiler)
                     + self.user_options() + self.include_options() + self.command.dependency_options
                     + ["-x", "c" if language == "c" else "c++", "-c", "-o", output, source])
        return self.execute(arguments)

    def preprocess(self, source, language, output):
        arguments = self.compiler + self.language_options(language) + self.user_options()
        if language == "cu":
            copy, root, _ = self.rewrite_unit(source)
            arguments += self.cuda_options() + self.include_options(root) + ["-x", "c++", "-E", copy]
        else:
            arguments += self.include_options() + ["-x", "c" if language == "c" else "c++", "-E", source]
        return self.execute(arguments + (["-o", output] if output else []))

    def fix_dependency_file(self, output, root):
        """A dependency file that -MD wrote names the copies: make it name the originals."""
        options = self.command.dependency_options
        if not any(option in ("-MD", "-MMD") for option in options):
            return
        path = options[options.index("-MF") + 1] if "-MF" in options else os.path.splitext(output)[0] + ".d"
        if not os.path.isfile(path):
            return
        with open(path, encoding="utf-8", errors="surrogateescape") as depfile:
            text = depfile.read()
        with open(path, "w", encoding="utf-8", errors="surrogateescape") as depfile:
            depfile.write(text.replace(root, ""))

    def link(self, objects, output):
        command = self.command
        library = toolchain.runtime_library(self.compiler, self.program)
        # The learner's libraries before the runtime library, which they may call.
        arguments = self.compiler + ["-o", output] + objects
        arguments += ["-L" + folder for folder in command.library_dirs]
        arguments += ["-l" + name for name in command.libraries]
        arguments += [library] + toolchain.WRAPPED_CALLS + ["-pthread"]
        if command.shared:
            arguments.append("-shared")
        arguments += ["-Wl," + option for option in command.linker_options]
        # nvcc hands -Xcompiler's options to the host compiler's link too (-fopenmp needs both).
        arguments += command.host_options
        return self.execute(arguments)

    def archive(self, objects, output):
        if os.path.exists(output) and not self.command.dry_run:
            os.remove(output)
        return self.execute(["ar", "rcs", output] + objects)

    def empty_object(self, output):
        """What -dlink makes: the device code linked, which here is host code
        the objects already hold. An object with nothing in it."""
        empty = os.path.join(self.work, "device_link.c")
        with open(empty, "w") as source:
            source.write("/* emulator/nvcc -dlink: the device code is in the objects themselves */\n")
        return self.execute(self.compiler + ["-x", "c", "-c", "-o", output, empty])
