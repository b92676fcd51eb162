"""``python -m companion.printkit FOLDER [CODE ...]``: every game's table plan (or
the named games') as ``FOLDER/plan-<slug>.png`` (``make plans`` writes docs/img)."""
import sys

from .plan_render import main

sys.exit(main())
