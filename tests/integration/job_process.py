"""A service process with a job worker and no HTTP, for tests/integration/test_job_processes.py.

Run as ``python -m tests.integration.job_process``; it reads its settings from the environment, prints
``ready <owner>`` once its worker runs, and stops cleanly on SIGTERM.
"""

from __future__ import annotations

import asyncio
import signal

from graphsvc.config import Settings
from graphsvc.service import MemoryService


async def main() -> None:
    service = await MemoryService.open(Settings())
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    loop.add_signal_handler(signal.SIGTERM, stop.set)
    print(f"ready {service.worker.owner}", flush=True)
    try:
        await stop.wait()
    finally:
        await service.close()


if __name__ == "__main__":
    asyncio.run(main())
