"""Local sandbox of the merchant payment gateway (optional extra `sandbox`)."""

from .app import create_app
from .clock import ManualClock, SystemClock
from .config import SandboxConfig
from .core import Sandbox
from .server import RunningSandbox, start_sandbox

__all__ = ["ManualClock", "RunningSandbox", "Sandbox", "SandboxConfig", "SystemClock", "create_app", "start_sandbox"]
