"""What the standalone app runs: PyInstaller freezes this script (see ui/frozen.py)."""

import sys

from ui.frozen import main

sys.exit(main())
