"""Protection (702.16): whether a permanent's protection covers a source. What it forbids asks here:
targeting (702.16b, `targets.py`), enchanting and equipping (702.16c–d, `attachments.py`), damage (702.16e,
`damage.py`), blocking (702.16f, `combatchecks.py`)."""

from __future__ import annotations

from judge_app.engine.characteristics import Characteristics


def protection_from(protected: Characteristics, source: Characteristics) -> str | None:
    """The protection ability text of `protected` that covers `source` (702.16a), or None."""
    for ability in protected.abilities_of("protection"):
        if ability.quality is not None and ability.quality.matches(source):
            return ability.text
    return None
