import { render } from "preact";
import "@fontsource-variable/inter";
import "../styles/app.css";
import { Gallery } from "./Gallery";

const root = document.getElementById("app");
if (root) render(<Gallery />, root);
