"""The offline pages' words in English, Portuguese and Spanish, added to the interface catalogue.

Kept beside the offline feature until the interface moves to gettext catalogs; `register` adds them
to `i18n.MESSAGES` once, at app creation.
"""

from __future__ import annotations

from judge_app.web import i18n

MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        "nav.offline": "Offline use",
        "offline.title": "Offline use",
        "offline.intro": "Save a document on this device and its rules, contents, glossary and search keep working "
                         "with no connection — in a convention hall with no network. Install the app from your "
                         "browser's menu to open it like any other app.",
        "offline.needs_js": "Saving for offline use needs JavaScript and a browser with service workers. Without "
                            "them, ask for the static copy of the reference (judge export static), which opens from "
                            "any web server or USB stick.",
        "offline.documents": "Documents",
        "offline.save": "Save for offline use",
        "offline.save_this": "Save {doc} for offline use",
        "offline.update": "Update",
        "offline.remove": "Remove",
        "offline.state.none": "Not saved on this device.",
        "offline.state.saved": "Saved on {saved} · version {version}.",
        "offline.state.saving": "Saving… {percent}%",
        "offline.state.failed": "Could not save: {problem}",
        "offline.state.unsupported": "This browser cannot keep pages for offline use.",
        "offline.needs_server": "Scenarios (the library, the board, running your own), the search across all "
                                "documents, the API, the corpus report and the language switch need a connection "
                                "to the server.",
        "offline.served": "Offline: served from your saved copy of {pack} (rules of {effective}, version {version}, "
                          "saved {saved}).",
        "offline.unavailable.title": "Not saved for offline use",
        "offline.unavailable.text": "There is no connection, and this page is not in a document saved on this device.",
        "offline.unavailable.saved": "Saved documents",
        "offline.static.title": "Needs the server",
        "offline.static.text": "This is a static copy of the reference: this page is not part of it. It needs the "
                               "Rules Judge server, or its document was left out of this copy.",
        "offline.search.title": "Search (offline)",
        "offline.search.needs_js": "Offline search needs JavaScript.",
        "offline.search.loading": "Searching the saved copy…",
        "offline.search.not_saved": "{doc} is not saved on this device: save it for offline use to search it "
                                    "with no connection.",
        "offline.search.count": "{count} results in the saved copy",
        "offline.search.none": "Nothing in the saved copy matches “{query}”.",
        "offline.search.no_rule": "No rule {number} in this document.",
        "offline.search.empty": "Type a rule number or a few words.",
        "offline.scenario_needs_server": "Running a scenario needs the server: it is replayed there, not on this "
                                         "device, so scenarios do not work offline or in the static copy.",
    },
    "pt": {
        "nav.offline": "Uso offline",
        "offline.title": "Uso offline",
        "offline.intro": "Guarde um documento neste aparelho e as regras, o índice, o glossário e a busca continuam "
                         "funcionando sem conexão — num salão de torneio sem rede. Instale o app pelo menu do "
                         "navegador para abri-lo como qualquer outro app.",
        "offline.needs_js": "Guardar para uso offline precisa de JavaScript e de um navegador com service workers. "
                            "Sem eles, peça a cópia estática da referência (judge export static), que abre em "
                            "qualquer servidor web ou pen drive.",
        "offline.documents": "Documentos",
        "offline.save": "Guardar para uso offline",
        "offline.save_this": "Guardar {doc} para uso offline",
        "offline.update": "Atualizar",
        "offline.remove": "Remover",
        "offline.state.none": "Não guardado neste aparelho.",
        "offline.state.saved": "Guardado em {saved} · versão {version}.",
        "offline.state.saving": "Guardando… {percent}%",
        "offline.state.failed": "Não foi possível guardar: {problem}",
        "offline.state.unsupported": "Este navegador não consegue guardar páginas para uso offline.",
        "offline.needs_server": "Os cenários (a biblioteca, o tabuleiro, rodar o seu), a busca em todos os "
                                "documentos, a API, o relatório do corpus e a troca de idioma precisam de conexão "
                                "com o servidor.",
        "offline.served": "Offline: servido da sua cópia guardada de {pack} (regras de {effective}, versão "
                          "{version}, guardada em {saved}).",
        "offline.unavailable.title": "Não guardado para uso offline",
        "offline.unavailable.text": "Não há conexão, e esta página não está em nenhum documento guardado neste "
                                    "aparelho.",
        "offline.unavailable.saved": "Documentos guardados",
        "offline.static.title": "Precisa do servidor",
        "offline.static.text": "Esta é uma cópia estática da referência: esta página não faz parte dela. Ela "
                               "precisa do servidor do Rules Judge, ou o documento dela ficou fora desta cópia.",
        "offline.search.title": "Busca (offline)",
        "offline.search.needs_js": "A busca offline precisa de JavaScript.",
        "offline.search.loading": "Buscando na cópia guardada…",
        "offline.search.not_saved": "{doc} não está guardado neste aparelho: guarde-o para uso offline para "
                                    "buscar sem conexão.",
        "offline.search.count": "{count} resultados na cópia guardada",
        "offline.search.none": "Nada na cópia guardada corresponde a “{query}”.",
        "offline.search.no_rule": "Não há regra {number} neste documento.",
        "offline.search.empty": "Digite o número de uma regra ou algumas palavras.",
        "offline.scenario_needs_server": "Rodar um cenário precisa do servidor: ele é reproduzido lá, não neste "
                                         "aparelho, então os cenários não funcionam offline nem na cópia estática.",
    },
    "es": {
        "nav.offline": "Uso sin conexión",
        "offline.title": "Uso sin conexión",
        "offline.intro": "Guarda un documento en este dispositivo y sus reglas, índice, glosario y búsqueda siguen "
                         "funcionando sin conexión — en un salón de torneo sin red. Instala la app desde el menú "
                         "del navegador para abrirla como cualquier otra app.",
        "offline.needs_js": "Guardar para usar sin conexión necesita JavaScript y un navegador con service workers. "
                            "Sin ellos, pide la copia estática de la referencia (judge export static), que se abre "
                            "desde cualquier servidor web o memoria USB.",
        "offline.documents": "Documentos",
        "offline.save": "Guardar para usar sin conexión",
        "offline.save_this": "Guardar {doc} para usar sin conexión",
        "offline.update": "Actualizar",
        "offline.remove": "Quitar",
        "offline.state.none": "No guardado en este dispositivo.",
        "offline.state.saved": "Guardado el {saved} · versión {version}.",
        "offline.state.saving": "Guardando… {percent}%",
        "offline.state.failed": "No se pudo guardar: {problem}",
        "offline.state.unsupported": "Este navegador no puede guardar páginas para usar sin conexión.",
        "offline.needs_server": "Los escenarios (la biblioteca, el tablero, ejecutar el tuyo), la búsqueda en todos "
                                "los documentos, la API, el informe del corpus y el cambio de idioma necesitan "
                                "conexión con el servidor.",
        "offline.served": "Sin conexión: servido desde tu copia guardada de {pack} (reglas del {effective}, versión "
                          "{version}, guardada el {saved}).",
        "offline.unavailable.title": "No guardado para usar sin conexión",
        "offline.unavailable.text": "No hay conexión, y esta página no está en ningún documento guardado en este "
                                    "dispositivo.",
        "offline.unavailable.saved": "Documentos guardados",
        "offline.static.title": "Necesita el servidor",
        "offline.static.text": "Esta es una copia estática de la referencia: esta página no forma parte de ella. "
                               "Necesita el servidor de Rules Judge, o su documento quedó fuera de esta copia.",
        "offline.search.title": "Búsqueda (sin conexión)",
        "offline.search.needs_js": "La búsqueda sin conexión necesita JavaScript.",
        "offline.search.loading": "Buscando en la copia guardada…",
        "offline.search.not_saved": "{doc} no está guardado en este dispositivo: guárdalo para usar sin conexión "
                                    "para buscar sin red.",
        "offline.search.count": "{count} resultados en la copia guardada",
        "offline.search.none": "Nada en la copia guardada coincide con «{query}».",
        "offline.search.no_rule": "No hay regla {number} en este documento.",
        "offline.search.empty": "Escribe un número de regla o algunas palabras.",
        "offline.scenario_needs_server": "Ejecutar un escenario necesita el servidor: se reproduce allí, no en este "
                                         "dispositivo, así que los escenarios no funcionan sin conexión ni en la "
                                         "copia estática.",
    },
}


def register() -> None:
    for language, table in MESSAGES.items():
        i18n.MESSAGES[language].update(table)
