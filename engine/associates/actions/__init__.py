"""The five actions of §7 and the card plays of §11, each as legal-step lists plus apply."""
