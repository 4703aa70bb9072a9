"""Reading the app's pages in tests: status checked, HTML parsed, links collected."""

from __future__ import annotations

from bs4 import BeautifulSoup
from flask.testing import FlaskClient


def soup_of(response) -> BeautifulSoup:
    assert response.mimetype == "text/html"
    return BeautifulSoup(response.get_data(as_text=True), "html.parser")


def page(client: FlaskClient, url: str, status: int = 200, **kwargs) -> BeautifulSoup:
    response = client.get(url, **kwargs)
    assert response.status_code == status, (url, response.status_code)
    return soup_of(response)


def internal_links(soup: BeautifulSoup, within: str | None = None) -> list[str]:
    scope = soup.select_one(within) if within else soup
    links = []
    for anchor in scope.select("a[href]"):
        href = anchor["href"].split("#")[0]
        if href.startswith("/") and href not in links:
            links.append(href)
    return links
