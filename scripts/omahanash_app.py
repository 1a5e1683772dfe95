"""What the standalone app runs: PyInstaller freezes this script (see ui/shell/frozen.py)."""

import sys

from ui.shell.frozen import main

sys.exit(main())
