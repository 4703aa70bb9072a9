"""The web app: a phone-first rules reference for judges.

    flask --app judge_app.web run          # development server
    judge serve                            # gunicorn on 127.0.0.1:8000

`create_app` is the application factory; each feature is a blueprint in its own module.
"""

from __future__ import annotations

from flask import Flask, g, request

from judge_app import paths
from judge_app import search as search_api
from judge_app.alignment import load_alignment
from judge_app.corpus import load_corpus
from judge_app.web import (
    api,
    assets,
    browse,
    cards,
    compression,
    documents,
    errors,
    home,
    i18n,
    labels,
    offline,
    quality,
    richtext,
    rules,
    scenarios,
    search,
    security,
    settings,
    terms,
)
from judge_app.web.scenario_library import load_library


def create_app(config: dict | None = None) -> Flask:
    app = Flask(__name__, template_folder=str(paths.templates_dir()), static_folder=None)
    app.config.update(MAX_CONTENT_LENGTH=64 * 1024)
    if config:
        app.config.update(config)
    app.json.ensure_ascii = False
    app.json.sort_keys = False
    app.jinja_env.trim_blocks = True
    app.jinja_env.lstrip_blocks = True
    corpus = app.extensions["judge_corpus"] = load_corpus()
    app.extensions["judge_alignment"] = load_alignment()
    for doc in corpus.rules:  # built now, not on some visitor's first request
        terms.matcher(corpus, doc)
    search_api.engine().warm()  # opens the index (building it first if missing), likewise
    library = app.extensions["judge_scenarios"] = load_library(paths.scenarios_dir(), corpus,
                                                                app.extensions["judge_alignment"])
    for doc in corpus.rules:  # which rules each scenario cites, in each document's numbering
        library.index(doc)

    cards.init_app(app, corpus)
    i18n.init_app(app)

    @app.before_request
    def choose_language() -> None:
        g.lang = i18n.choose_language(request)

    @app.context_processor
    def interface() -> dict:
        language = getattr(g, "lang", i18n.DEFAULT_LANGUAGE)
        return {
            "ui_lang": language,
            "languages": i18n.LANGUAGE_NAMES,
            "current_doc": _current_doc(language),
            "here": request.full_path.rstrip("?"),
            "language_targets": getattr(g, "language_targets", {}),
            "fan_content_notice": app.extensions["judge_cards"].provenance.notice,
        }

    app.jinja_env.filters["step_name"] = lambda name: labels.name_of("step", name)
    app.jinja_env.globals.update(
        name_of=labels.name_of, doc_label=documents.label, rule_url=richtext.rule_url, term_url=richtext.term_url,
    )

    for blueprint in (home.bp, rules.bp, browse.bp, search.bp, scenarios.bp, cards.bp, quality.bp, api.bp,
                      settings.bp):
        app.register_blueprint(blueprint)
    offline.init_app(app)
    assets.init_app(app)
    errors.init_app(app)
    security.init_app(app)
    compression.init_app(app)
    for name in app.jinja_env.list_templates(extensions=["html"]):  # compiled now (~0.5 s), once, before the
        app.jinja_env.get_template(name)                           # workers fork: not on their first visitors
    return app


def _current_doc(language: str) -> str:
    """The CR document the page is about, else the visitor's preferred one: what the search box searches."""
    corpus = documents.get_corpus()
    doc = (request.view_args or {}).get("doc")
    return doc if doc in corpus.rules else documents.preferred_doc(request, corpus, language)
