// The API documentation: Swagger UI over /openapi.yaml (a file, so the page needs no inline script).
window.ui = SwaggerUIBundle({ url: "/openapi.yaml", dom_id: "#ui", deepLinking: true });
