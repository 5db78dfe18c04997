import { unstableSetRender } from 'antd-mobile';
import { createRoot, type Root } from 'react-dom/client';

type Container = (Element | DocumentFragment) & { _wallxRoot?: Root };

// antd-mobile's imperative APIs (Toast, Dialog.confirm) render with ReactDOM.render, which React 19
// removed; without this hook they silently show nothing. Imported by the modules that call those
// APIs (not by main.tsx), so the home page does not download it.
unstableSetRender((node, container: Container) => {
  container._wallxRoot ??= createRoot(container);
  const root = container._wallxRoot;
  root.render(node);
  return async () => {
    // Unmounting inside the render that asked for it makes React warn; wait a tick.
    await new Promise((resolve) => setTimeout(resolve, 0));
    root.unmount();
    delete container._wallxRoot;
  };
});
