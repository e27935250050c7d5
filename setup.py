"""Builds the Cython search core (cext/core.pyx and the .pxi files it includes) as ulti_solver._core,
and compiles the message catalogs (ulti_solver/locale/*/LC_MESSAGES/*.po) to .mo with Babel.

Everything else about the package lives in pyproject.toml.
"""

import glob
import os
import platform
import sys

from Cython.Build import cythonize
from setuptools import Extension, setup
from setuptools.command.build_py import build_py

#: The catalogs kept in git, each compiled to the .mo beside it in the build.
CATALOGS = "ulti_solver/locale/*/LC_MESSAGES/*.po"


class build_py_with_catalogs(build_py):
    """build_py, then every catalog compiled to .mo by Babel (a build requirement): into the
    build for a wheel, into the source tree for an editable install (where the package is read)."""

    def run(self):
        super().run()
        from babel.messages.mofile import write_mo  # only when building: 'build_ext --inplace' needs no Babel
        from babel.messages.pofile import read_po

        for po in sorted(glob.glob(CATALOGS)):
            target = po if getattr(self, "editable_mode", False) else os.path.join(self.build_lib, po)
            mo = target[: -len(".po")] + ".mo"
            os.makedirs(os.path.dirname(mo), exist_ok=True)
            with open(po, "rb") as source:
                catalog = read_po(source)
            with open(mo, "wb") as out:
                write_mo(out, catalog)  # fuzzy entries are left out: English shows instead


if sys.platform == "win32":
    flags = ["/O2"]
else:
    flags = ["-O3"]
    if platform.machine().lower() in ("x86_64", "amd64"):
        flags.append("-mpopcnt")  # one instruction instead of a libgcc call per hand count

# ULTI_CORE_STATS=1 builds a core that counts its cut-offs (_core.Search.stats(), cext/types.pxi):
#     ULTI_CORE_STATS=1 python setup.py build_ext --inplace --force
# Off by default: every count then compiles to nothing.
stats = [("ULTI_CORE_STATS", "1")] if os.environ.get("ULTI_CORE_STATS") == "1" else []

core = Extension(
    "ulti_solver._core",
    sources=["cext/core.pyx"],
    depends=sorted(glob.glob("cext/*.pxi")),
    extra_compile_args=flags,
    define_macros=stats,
)

setup(
    ext_modules=cythonize([core], compiler_directives={"language_level": "3"}),
    cmdclass={"build_py": build_py_with_catalogs},
)
