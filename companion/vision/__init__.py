"""Reading the table: from camera frames to settled snapshots of tagged components.

    >>> from companion.vision import Pipeline, PipelineConfig, get_decoder
    >>> pipe = Pipeline(PipelineConfig(table_mm=(900, 600)))
    >>> update = pipe.process(frame)            # doctest: +SKIP

- :mod:`.decoders`: QR backends (zxing-cpp, pyzbar) behind one interface;
- :mod:`.calibration`: pixels to table millimetres from the corner markers;
- :mod:`.smalltags`: finding the codes a full-frame decode misses;
- :mod:`.changes`: what changed between frames, so a settled table is not re-decoded;
- :mod:`.tracker`: appear, vanish, held under a hand, settled;
- :mod:`.reading`: one still image read once (``companion scan``);
- :mod:`.pipeline`: all of it, frame after frame;
- :mod:`.overlay`: drawing it over the frame.
"""
from .calibration import Calibration
from .decoders import Decoder, Detection, decoder_names, get_decoder
from .pipeline import Pipeline, PipelineConfig, Update
from .reading import Reading, scan_image
from .tracker import Tracker

__all__ = ["Calibration", "Decoder", "Detection", "Pipeline", "PipelineConfig", "Reading", "Tracker",
           "Update", "decoder_names", "get_decoder", "scan_image"]
