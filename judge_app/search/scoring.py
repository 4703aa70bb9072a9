"""BM25 with each document's own statistics.

Text fields are per document, but Whoosh's BM25F divides a field's total length, and computes IDF,
over every entry of the index, most of which have no such field (the pt-2019 fields are empty on the
English rules). That would inflate every length penalty and flatten IDF; here both use the number of
entries of the field's own document.
"""

from __future__ import annotations

import math

from whoosh.scoring import BM25F, WeightLengthScorer

from judge_app.search.schema import slug

B = {"title": 0.3, "text": 0.75, "more": 0.75}  # titles are short: length matters little
K1 = 1.2


class DocumentBM25(BM25F):
    def __init__(self, entries_per_document: dict[str, int]):
        super().__init__(B=0.75, K1=K1)
        self.sizes = {slug(doc): n for doc, n in entries_per_document.items()}

    def scorer(self, searcher, fieldname, text, qf=1):
        part, _, rest = fieldname.partition("_")
        entries = self.sizes.get(rest.rpartition("_")[2])
        if entries is None or not searcher.schema[fieldname].scorable:
            return super().scorer(searcher, fieldname, text, qf)
        return _Scorer(searcher, fieldname, text, entries, B.get(part, 0.75))


class _Scorer(WeightLengthScorer):
    def __init__(self, searcher, fieldname, text, entries: int, b: float):
        parent = searcher.get_parent()
        df = parent.doc_frequency(fieldname, text)
        self.idf = math.log(1 + (entries - df + 0.5) / (df + 0.5))
        self.avgfl = (parent.field_length(fieldname) / entries) or 1
        self.b = b
        self.setup(searcher, fieldname, text)

    def _score(self, weight, length):
        return self.idf * weight * (K1 + 1) / (weight + K1 * (1 - self.b + self.b * length / self.avgfl))
