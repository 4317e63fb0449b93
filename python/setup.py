"""The engine module (rlplayground._engine) is built by the project's CMake, not by setuptools' compiler
calls: in build/native (or PG_BUILD_DIR), configured with the native preset when it is not yet, then copied
into the wheel. The pure-Python package is setuptools' as usual (pyproject.toml)."""

import os
import pathlib
import shutil
import subprocess

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

REPO = pathlib.Path(__file__).resolve().parent.parent


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        build_dir = pathlib.Path(os.environ.get("PG_BUILD_DIR", REPO / "build" / "native"))
        if not (build_dir / "CMakeCache.txt").exists():
            subprocess.run(["cmake", "--preset", "native"], cwd=REPO, check=True)
        jobs = os.environ.get("PG_BUILD_JOBS", "2")
        subprocess.run(["cmake", "--build", str(build_dir), "--target", "rlplayground_engine", "-j", jobs], check=True)
        built = sorted((build_dir / "python" / "rlplayground").glob("_engine*.so"))
        if not built:
            raise RuntimeError(f"the build made no rlplayground/_engine*.so in {build_dir / 'python'}")
        target = pathlib.Path(self.get_ext_fullpath(ext.name))
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(built[0], target)


setup(ext_modules=[Extension("rlplayground._engine", sources=[])], cmdclass={"build_ext": CMakeBuild})
