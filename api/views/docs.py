"""The browsable documentation page: the OpenAPI description rendered as plain HTML on the server.

No JavaScript and no third-party assets, so it works offline at a venue and under Hydra's strict
Content-Security-Policy; the machine-readable description is at /api/v1/schema/.
"""

from django.urls import reverse
from django.views.generic import TemplateView
from drf_spectacular.generators import SchemaGenerator

_METHODS = ("get", "post", "put", "patch", "delete")


def _schema_name(content: dict | None) -> str:
    schema = ((content or {}).get("application/json") or {}).get("schema") or {}
    ref = schema.get("$ref") or (schema.get("items") or {}).get("$ref") or ""
    name = ref.rsplit("/", 1)[-1]
    return f"{name}[]" if name and schema.get("type") == "array" else name


class ApiDocsView(TemplateView):
    template_name = "api/docs.html"

    def get_context_data(self, **kwargs):
        schema = SchemaGenerator(patterns=None).get_schema(request=None, public=True)
        groups: dict[str, list[dict]] = {}
        for path, item in schema["paths"].items():
            for method in _METHODS:
                operation = item.get(method)
                if operation is None:
                    continue
                body = (operation.get("requestBody") or {}).get("content")
                groups.setdefault((operation.get("tags") or ["other"])[0], []).append(
                    {
                        "method": method.upper(),
                        "path": path,
                        "anchor": operation["operationId"],
                        "description": operation.get("description", ""),
                        "parameters": operation.get("parameters", []),
                        "request": _schema_name(body),
                        "responses": [
                            {
                                "code": code,
                                "description": response.get("description", ""),
                                "schema": _schema_name(response.get("content")),
                            }
                            for code, response in operation["responses"].items()
                        ],
                        "auth": [next(iter(s)) for s in operation.get("security", []) if s],
                    }
                )
        components = {
            name: {
                "description": component.get("description", ""),
                "properties": [
                    {
                        "name": prop,
                        "type": spec.get("type")
                        or spec.get("$ref", "").rsplit("/", 1)[-1]
                        or ", ".join(x.get("$ref", "").rsplit("/", 1)[-1] for x in spec.get("allOf", [])),
                        "required": prop in component.get("required", []),
                        "description": spec.get("description", ""),
                    }
                    for prop, spec in component.get("properties", {}).items()
                ],
                "enum": component.get("enum", []),
            }
            for name, component in schema.get("components", {}).get("schemas", {}).items()
        }
        return {
            **super().get_context_data(**kwargs),
            "info": schema["info"],
            "groups": sorted(groups.items()),
            "components": sorted(components.items()),
            "schema_url": reverse("api:schema"),
        }
