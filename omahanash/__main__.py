import sys

from omahanash.cli import main

sys.exit(main())
