"""nvcc's command line, read as nvcc reads it, into what the emulator's build
needs: the inputs and their languages, the phase (compile, link, library),
the host compiler's and linker's options, and the compute capability.

An option is written as nvcc takes it: -o FILE, -opt=VALUE, --long-option
VALUE or --long-option=VALUE, and -Idir, -DX=1, -Ldir, -lname and -O3 glued
to their value. A list value is split on commas (-Xcompiler -O2,-Wall).
Every option nvcc knows is either
honoured (its meaning for host code), accepted with no effect where it only
steers GPU code generation (a register limit, ptxas's options), or refused by
name where the emulator cannot do what it asks (-ptx: it makes no GPU code).
An option nvcc does not know is refused, as nvcc refuses it.
"""

import os
import re

# How each option of nvcc's is taken. (short, long, takes a value, what)
#   what: the name of the field of Command it sets, or a verb of parse().
OPTIONS = [
    # The phase.
    ("-c", "--compile", False, "compile"),
    ("-dc", "--device-c", False, "device_compile"),
    ("-dw", "--device-w", False, "device_compile"),
    ("-dlink", "--device-link", False, "device_link"),
    ("-link", "--link", False, "link_phase"),
    ("-lib", "--lib", False, "library"),
    ("-E", "--preprocess", False, "preprocess"),
    ("-run", "--run", False, "run"),
    ("-M", "--generate-dependencies", False, "host_flag:-M"),
    ("-MM", "--generate-nonsystem-dependencies", False, "host_flag:-MM"),
    ("-MD", "--generate-dependencies-with-compile", False, "host_flag:-MD"),
    ("-MMD", "--generate-nonsystem-dependencies-with-compile", False, "host_flag:-MMD"),
    ("-MP", "--generate-dependency-targets", False, "host_flag:-MP"),
    ("-MF", "--dependency-output", True, "host_pair:-MF"),
    ("-MT", "--dependency-target-name", True, "host_pair:-MT"),
    # GPU code, which the emulator never makes.
    ("-cuda", "--cuda", False, "refuse"),
    ("-ptx", "--ptx", False, "refuse"),
    ("-cubin", "--cubin", False, "refuse"),
    ("-fatbin", "--fatbin", False, "refuse"),
    ("-optix-ir", "--optix-ir", False, "refuse"),
    ("-ltoir", "--ltoir", False, "refuse"),
    ("-lto", "--lto", False, "refuse"),
    # Files and paths.
    ("-o", "--output-file", True, "output"),
    ("-odir", "--output-directory", True, "output_directory"),
    ("-include", "--pre-include", True, "pre_include"),
    ("-I", "--include-path", True, "include"),
    ("-isystem", "--system-include", True, "system_include"),
    ("-D", "--define-macro", True, "define"),
    ("-U", "--undefine-macro", True, "undefine"),
    ("-L", "--library-path", True, "library_path"),
    ("-l", "--library", True, "link_library"),
    ("-ccbin", "--compiler-bindir", True, "host_compiler"),
    ("-cudart", "--cudart", True, "ignore_value"),
    ("-cudadevrt", "--cudadevrt", True, "ignore_value"),
    ("-arbin", "--archiver-binary", True, "ignore_value"),
    ("-ldir", "--libdevice-directory", True, "ignore_value"),
    ("-sysdir", "--sysdir", True, "ignore_value"),
    ("-keep-dir", "--keep-dir", True, "ignore_value"),
    ("-keep", "--keep", False, "ignore"),
    ("-save-temps", "--save-temps", False, "ignore"),
    ("-clean", "--clean-targets", False, "ignore"),
    # The language and the host compiler's options.
    ("-x", "--x", True, "language"),
    ("-std", "--std", True, "standard"),
    ("-O", "--optimize", True, "optimize"),
    ("-g", "--debug", False, "debug"),
    ("-G", "--device-debug", False, "device_debug"),
    ("-lineinfo", "--generate-line-info", False, "ignore"),
    ("-pg", "--profile", False, "host_flag:-pg"),
    ("-shared", "--shared", False, "shared"),
    ("-m64", "--machine", False, "ignore"),
    ("-w", "--disable-warnings", False, "host_flag:-w"),
    ("-Werror", "--Werror", True, "warnings_as_errors"),
    ("-Xcompiler", "--compiler-options", True, "host_options"),
    ("-Xlinker", "--linker-options", True, "linker_options"),
    ("-Xarchive", "--archive-options", True, "ignore_value"),
    ("-Xptxas", "--ptxas-options", True, "ignore_value"),
    ("-Xnvlink", "--nvlink-options", True, "ignore_value"),
    ("-Xfatbin", "--fatbin-options", True, "ignore_value"),
    ("-Xcudafe", "--cudafe-options", True, "ignore_value"),
    ("-Xcicc", "--cicc-options", True, "ignore_value"),
    ("-forward-unknown-to-host-compiler", "--forward-unknown-to-host-compiler", False, "forward_unknown"),
    ("-forward-unknown-opts", "--forward-unknown-opts", False, "forward_unknown"),
    ("-forward-unknown-to-host-linker", "--forward-unknown-to-host-linker", False, "forward_unknown_linker"),
    ("-allow-unsupported-compiler", "--allow-unsupported-compiler", False, "ignore"),
    ("-use-local-env", "--use-local-env", False, "ignore"),
    ("-noprof", "--dont-use-profile", False, "ignore"),
    ("-noeh", "--no-exceptions", False, "host_flag:-fno-exceptions"),
    # The language's extensions, which host C++ has anyway.
    ("-expt-relaxed-constexpr", "--expt-relaxed-constexpr", False, "ignore"),
    ("-extended-lambda", "--extended-lambda", False, "ignore"),
    ("-expt-extended-lambda", "--expt-extended-lambda", False, "ignore"),
    ("-rdc", "--relocatable-device-code", True, "relocatable"),
    ("-ewp", "--extensible-whole-program", False, "ignore"),
    ("-dlto", "--dlink-time-opt", False, "ignore"),
    ("-default-stream", "--default-stream", True, "ignore_value"),
    ("-restrict", "--restrict", False, "ignore"),
    # The GPUs to compile for: the compute capability the emulator reports.
    ("-arch", "--gpu-architecture", True, "architecture"),
    ("-code", "--gpu-code", True, "code"),
    ("-gencode", "--generate-code", True, "gencode"),
    # GPU code generation: no meaning for host code.
    ("-maxrregcount", "--maxrregcount", True, "ignore_value"),
    ("-use_fast_math", "--use_fast_math", False, "ignore"),
    ("-ftz", "--ftz", True, "ignore_value"),
    ("-prec-div", "--prec-div", True, "ignore_value"),
    ("-prec-sqrt", "--prec-sqrt", True, "ignore_value"),
    ("-fmad", "--fmad", True, "ignore_value"),
    ("-extra-device-vectorization", "--extra-device-vectorization", False, "ignore"),
    ("-res-usage", "--resource-usage", False, "ignore"),
    ("-src-in-ptx", "--source-in-ptx", False, "ignore"),
    ("-t", "--threads", True, "ignore_value"),
    ("-split-compile", "--split-compile", True, "ignore_value"),
    ("-dopt", "--dopt", True, "ignore_value"),
    ("-ftemplate-backtrace-limit", "--ftemplate-backtrace-limit", True, "ignore_value"),
    ("-ftemplate-depth", "--ftemplate-depth", True, "ignore_value"),
    ("-diag-suppress", "--diag-suppress", True, "ignore_value"),
    ("-diag-error", "--diag-error", True, "ignore_value"),
    ("-diag-warn", "--diag-warn", True, "ignore_value"),
    ("-display-error-number", "--display-error-number", False, "ignore"),
    ("-no-display-error-number", "--no-display-error-number", False, "ignore"),
    ("-Wno-deprecated-gpu-targets", "--Wno-deprecated-gpu-targets", False, "ignore"),
    ("-Wno-deprecated-declarations", "--Wno-deprecated-declarations", False, "host_flag:-Wno-deprecated-declarations"),
    ("-Wreorder", "--Wreorder", False, "host_flag:-Wreorder"),
    ("-Wdefault-stream-launch", "--Wdefault-stream-launch", False, "ignore"),
    ("-Wmissing-launch-bounds", "--Wmissing-launch-bounds", False, "ignore"),
    ("-Wext-lambda-captures-this", "--Wext-lambda-captures-this", False, "ignore"),
    # About the driver.
    ("-V", "--version", False, "version"),
    ("-h", "--help", False, "help"),
    ("-v", "--verbose", False, "verbose"),
    ("-dryrun", "--dryrun", False, "dry_run"),
]
BY_NAME = {}
for _short, _long, _value, _what in OPTIONS:
    BY_NAME[_short] = (_short, _value, _what)
    BY_NAME[_long] = (_short, _value, _what)
# The options nvcc lets glue to their value: -Idir, -DX=1, -lm, -O3.
GLUED = ("-I", "-D", "-U", "-L", "-l", "-O", "-x")

# What each input's name says it is, as nvcc decides (-x changes it).
LANGUAGES = {".cu": "cu", ".c": "c", ".cc": "c++", ".cpp": "c++", ".cxx": "c++", ".C": "c++", ".c++": "c++",
             ".o": "object", ".obj": "object", ".a": "object", ".so": "object", ".lib": "object",
             ".ptx": "gpu", ".cubin": "gpu", ".fatbin": "gpu", ".gpu": "gpu", ".ii": "c++", ".i": "c"}
# The Toolkit's own libraries that every CUDA program links: the emulator's
# runtime library stands in for them.
RUNTIME_LIBRARIES = {"cudart", "cudart_static", "cudadevrt", "culibos"}
# The default when no -arch is given: the emulator's own compute capability
# (independent thread scheduling, 7.0; the __reduce_*_sync intrinsics, 8.0).
DEFAULT_ARCH = 80
LOWEST_ARCH = 70


class CommandError(Exception):
    """The command line asks for what the emulator cannot do: one message
    that names the option."""


class Command:
    def __init__(self):
        self.inputs = []             # (path, language)
        self.phase = "link"          # compile, link, library, preprocess, device_link
        self.output = None
        self.output_directory = None
        self.run_after = False
        self.pre_includes = []
        self.include_dirs = []       # ("-I" or "-isystem", path), in order
        self.macros = []             # "-DX=1", "-UY", in order
        self.library_dirs = []
        self.libraries = []
        self.standard = None
        self.optimize = None
        self.debug = False
        self.device_debug = False
        self.shared = False
        self.language = None         # -x: for the inputs after it
        self.host_options = []       # for every host compilation
        self.dependency_options = [] # -MD, -MF FILE and the rest
        self.linker_options = []
        self.host_compiler = None
        self.architectures = []      # compute capabilities, as 75, 90
        self.warnings_as_errors = False
        self.verbose = False
        self.dry_run = False
        self.wants_version = False
        self.wants_help = False
        self.forward_unknown = False
        self.forward_unknown_linker = False

    def compute_capability(self):
        """The highest one asked for, as a GPU would run its best match; the
        emulator's own without -arch."""
        return max(self.architectures) if self.architectures else DEFAULT_ARCH


def architecture_number(text, option):
    """75 of sm_75, compute_75 or lto_75, 90 of sm_90a; None of native, all and all-major."""
    text = text.strip()
    if text in ("native", "all", "all-major"):
        return None
    match = re.fullmatch(r"(?:sm_|compute_|lto_)(\d+)[af]?", text)
    if match is None:
        raise CommandError("%s %s: not a GPU architecture (sm_90, compute_90, native, all)" % (option, text))
    number = int(match.group(1))
    if number < LOWEST_ARCH:
        raise CommandError("%s %s: the emulator runs kernels with independent thread scheduling, compute "
                           "capability 7.0 and later (sm_70 and up)" % (option, text))
    return number


def split_commas(value):
    """-Xcompiler -O2,-Wall: nvcc splits an option's list on commas."""
    return [part for part in value.split(",") if part != ""]


def parse(arguments):
    """The Command that `arguments` (nvcc's argv[1:]) ask for."""
    command = Command()
    i = 0
    while i < len(arguments):
        argument = arguments[i]
        i += 1
        if not argument.startswith("-") or argument == "-":
            language = command.language or LANGUAGES.get(os.path.splitext(argument)[1])
            if language is None and os.path.basename(argument) == "nvcc":
                raise CommandError("%s: emulator/nvcc takes nvcc's place in the command, not a place before it: "
                                   "emulator/nvcc -o app app.cu, not emulator/nvcc nvcc -o app app.cu" % argument)
            if language is None:
                raise CommandError("%s: nvcc does not know what kind of file this is (a .cu, .cpp, .c or .o "
                                   "file, or -x cu before it)" % argument)
            if language == "gpu":
                raise CommandError("%s: GPU code (PTX, cubin, fatbin), which the emulator cannot run: give it the "
                                   ".cu source" % argument)
            command.inputs.append((argument, language))
            continue
        name, value = argument, None
        entry = BY_NAME.get(argument)
        if entry is None and "=" in argument:
            name, value = argument.split("=", 1)
            entry = BY_NAME.get(name)
        if entry is None:
            glued = next((g for g in GLUED if argument.startswith(g) and len(argument) > len(g)), None)
            if glued is not None:
                name, value = glued, argument[len(glued):]
                entry = BY_NAME[glued]
        if entry is None:
            if command.forward_unknown:
                command.host_options.append(argument)
                continue
            if command.forward_unknown_linker:
                command.linker_options.append(argument)
                continue
            raise CommandError("unknown option '%s' (nvcc knows no such option either; a host compiler's "
                               "option goes in -Xcompiler %s)" % (argument, argument))
        short, takes_value, what = entry
        if takes_value and value is None:
            if i == len(arguments):
                raise CommandError("%s needs a value" % name)
            value = arguments[i]
            i += 1
        elif not takes_value and value is not None:
            raise CommandError("%s takes no value (%s)" % (name, argument))
        apply(command, short, what, value)
    return command


def apply(command, short, what, value):
    if what == "refuse":
        raise CommandError("%s makes GPU code, which the emulator does not: it runs kernels as host code on the "
                           "CPU; build a program (or -c an object) instead" % short)
    if what.startswith("host_flag:"):
        flag = what.split(":", 1)[1]
        (command.dependency_options if flag.startswith("-M") else command.host_options).append(flag)
    elif what.startswith("host_pair:"):
        command.dependency_options += [what.split(":", 1)[1], value]
    elif what == "compile":
        command.phase = "compile"
    elif what == "device_compile":
        command.phase = "compile"
    elif what == "device_link":
        command.phase = "device_link"
    elif what == "link_phase":
        command.phase = "link"
    elif what == "library":
        command.phase = "library"
    elif what == "preprocess":
        command.phase = "preprocess"
    elif what == "run":
        command.run_after = True
    elif what == "output":
        command.output = value
    elif what == "output_directory":
        command.output_directory = value
    elif what == "pre_include":
        command.pre_includes += split_commas(value)
    elif what == "include":
        command.include_dirs += [("-I", path) for path in split_commas(value)]
    elif what == "system_include":
        command.include_dirs += [("-isystem", path) for path in split_commas(value)]
    elif what == "define":
        command.macros += ["-D" + macro for macro in split_commas(value)]
    elif what == "undefine":
        command.macros += ["-U" + macro for macro in split_commas(value)]
    elif what == "library_path":
        command.library_dirs += split_commas(value)
    elif what == "link_library":
        command.libraries += [name for name in split_commas(value) if name not in RUNTIME_LIBRARIES]
    elif what == "host_compiler":
        command.host_compiler = value if not os.path.isdir(value) else os.path.join(value, "g++")
    elif what == "language":
        if value not in ("cu", "c++", "c", "none"):
            raise CommandError("-x %s: the emulator compiles cu, c++ and c" % value)
        command.language = None if value == "none" else value
    elif what == "standard":
        command.standard = value
    elif what == "optimize":
        if value not in ("0", "1", "2", "3", "s", "fast", "g"):
            raise CommandError("-O%s: an optimisation level is 0, 1, 2 or 3" % value)
        command.optimize = value
    elif what == "debug":
        command.debug = True
    elif what == "device_debug":
        command.device_debug = True
    elif what == "shared":
        command.shared = True
    elif what == "warnings_as_errors":
        if "all-warnings" in split_commas(value):
            command.warnings_as_errors = True
    elif what == "host_options":
        command.host_options += split_commas(value)
    elif what == "linker_options":
        command.linker_options += split_commas(value)
    elif what == "forward_unknown":
        command.forward_unknown = True
    elif what == "forward_unknown_linker":
        command.forward_unknown_linker = True
    elif what == "relocatable":
        if value not in ("true", "false"):
            raise CommandError("-rdc %s: true or false" % value)
    elif what == "architecture":
        for part in split_commas(value):
            number = architecture_number(part, "-arch")
            if number is not None:
                command.architectures.append(number)
    elif what == "code":
        for part in split_commas(value):
            number = architecture_number(part, "-code")
            if number is not None:
                command.architectures.append(number)
    elif what == "gencode":
        fields = dict(field.split("=", 1) for field in re.split(r",(?=\w+=)", value) if "=" in field)
        if "arch" not in fields:
            raise CommandError("-gencode %s: expected arch=compute_XX,code=sm_XX" % value)
        for part in [fields["arch"]] + fields.get("code", "").strip("[]").split(","):
            if part:
                number = architecture_number(part, "-gencode")
                if number is not None:
                    command.architectures.append(number)
    elif what == "version":
        command.wants_version = True
    elif what == "help":
        command.wants_help = True
    elif what == "verbose":
        command.verbose = True
    elif what == "dry_run":
        command.dry_run = True
    elif what in ("ignore", "ignore_value"):
        pass
    else:
        raise AssertionError(what)
