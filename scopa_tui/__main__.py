from . import collector

collector.hold()  # until the first frame (scopa_tui/collector.py); before the imports below

from .cli import main  # noqa: E402

raise SystemExit(main())
