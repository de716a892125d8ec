// The edit wizard has no public face: its page is loaded on demand by app/internal-pages.tsx.
export {};
