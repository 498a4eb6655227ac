import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const api = 'http://127.0.0.1:3000';

/**
 * Vendor code every page needs goes into a few long-cached chunks. Only modules the entry
 * loads anyway belong here: a manual chunk is fetched as a whole, so putting a library used
 * by one lazy route (apexcharts, qrcode) in it would drag that library into the home page.
 */
function manualChunks(id: string): string | undefined {
  if (!id.includes('node_modules')) return undefined;
  if (/[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/.test(id)) return 'vendor-react';
  if (/[\\/]node_modules[\\/](react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/.test(id)) {
    return 'vendor-router';
  }
  if (/[\\/]node_modules[\\/](@tanstack|@trpc)[\\/]/.test(id)) return 'vendor-query';
  // Chakra's styling core (system, theme recipes, emotion). Component files and the zag state
  // machines stay with the routes that use them.
  if (/[\\/]node_modules[\\/]@emotion[\\/]/.test(id)) return 'vendor-chakra';
  if (/[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/](styled-system|theme|preset|utils|merge-props)/.test(id)) {
    return 'vendor-chakra';
  }
  return undefined;
}

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    chunkSizeWarningLimit: 700,
    rollupOptions: { output: { manualChunks } },
  },
  server: {
    proxy: {
      '/trpc': api,
      '/api': api,
      '/healthz': api,
    },
  },
  preview: {
    proxy: {
      '/trpc': api,
      '/api': api,
      '/healthz': api,
    },
  },
});
