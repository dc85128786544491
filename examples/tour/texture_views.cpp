// Seed 002: createView, its defaults and its rules.
#include "tour.h"

namespace tour {

void textureViews(Tour& tour) {
  tour.chapter("Seed 002: texture views");
  tour.note("(chapter under construction)");
}

}  // namespace tour
