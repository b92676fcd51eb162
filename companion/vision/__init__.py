"""Reading the table: from camera frames to settled snapshots of tagged components.

    >>> from companion.vision import Pipeline, PipelineConfig, get_decoder
    >>> pipe = Pipeline(PipelineConfig(table_mm=(900, 600)))
    >>> update = pipe.process(frame)            # doctest: +SKIP

A frame goes down one line of stages, each one module entered once
(:data:`~.pipeline.STAGES`):

- :mod:`.changes`: what changed between frames, so a settled table is not re-decoded;
- :mod:`.search`: the whole-frame decode and the cheap filter for tag-like patches;
- :mod:`.recovery`: those patches decoded from upscaled crops (:mod:`.crop_ladder`),
  within a hard budget (:mod:`.smalltags` names both);
- :mod:`.calibration`: pixels to table millimetres from the corner markers;
- :mod:`.reading`: the grammar, positions on the table, duplicates;
- :mod:`.tracker`: appear, vanish, held under a hand or by glare (:mod:`.glare`:
  a lamp's reflection burnt out over a known tag), settled;

with :mod:`.decoders` (QR backends, zxing-cpp and pyzbar, behind one interface)
under them, :mod:`.pipeline` running the line frame after frame (and
``scan_image`` for one still image; ``scan_photo``, harder, for a photo,
``companion scan`` and ``companion score``, with :mod:`.stills`, the still-only
ladder of other binarizations and scales), and :mod:`.overlay`
drawing it over the frame.
"""
from .calibration import Calibration
from .decoders import Decoder, Detection, decoder_names, get_decoder
from .pipeline import STAGES, Pipeline, PipelineConfig, Update, scan_image, scan_photo
from .reading import Reading
from .tracker import Tracker

__all__ = ["Calibration", "Decoder", "Detection", "Pipeline", "PipelineConfig", "Reading", "STAGES", "Tracker",
           "Update", "decoder_names", "get_decoder", "scan_image", "scan_photo"]
